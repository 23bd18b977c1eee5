import SwitchboardCore
import SwitchboardModel
import Testing

/// The drill as a value: which steps are due at a moment, on a clock the
/// test moves by hand.
@Suite struct DrillRunTests {
    let badDay = Scenario(
        name: "bad-day", settings: [],
        steps: [
            .init(at: .zero, action: .apply([.init(target: "*", change: SettingChange(latency: .profile("3g")))])),
            .init(
                at: .seconds(20), action: .apply([.init(target: "login", change: SettingChange(mode: .serverError))])),
            .init(at: .seconds(40), action: .resetAll),
        ])

    @Test func stepsFallDueAtTheirTimesAfterTheStart() {
        var run = DrillRun(self.badDay, startedAt: 100)
        #expect(run.currentStep == nil)
        #expect(run.takeDue(at: 100).map(\.number) == [1])
        #expect(run.currentStep == 1)
        #expect(run.nextDue == 120)
        #expect(run.countdown(at: 105) == 15)
        #expect(run.takeDue(at: 119.9).isEmpty)
        #expect(run.takeDue(at: 120).map(\.number) == [2])
        #expect(run.takeDue(at: 140).map(\.step.action) == [.resetAll])
        #expect(run.isFinished)
        #expect(run.nextDue == nil)
        #expect(run.countdown(at: 150) == nil)
    }

    @Test func aLateWakeUpAppliesEveryMissedStepInOrder() {
        var run = DrillRun(self.badDay, startedAt: 0)
        #expect(run.takeDue(at: 45).map(\.number) == [1, 2, 3])
        #expect(run.takeDue(at: 90).isEmpty)
    }

    @Test func theCountdownNeverGoesBelowZero() {
        var run = DrillRun(self.badDay, startedAt: 0)
        _ = run.takeDue(at: 0)
        #expect(run.countdown(at: 25) == 0)
    }
}
