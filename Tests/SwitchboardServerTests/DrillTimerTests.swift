import NIOCore
import NIOEmbedded
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// The drill runner on NIO's embedded event loop: one timer at the next
/// step, moved along by the loop's virtual clock, never a sleeping thread.
@Suite struct DrillTimerTests {
    func setUp() throws -> (ControlPanel, EmbeddedEventLoop, ManualClock, DrillTimer) {
        let fixtures = MemoryFixtures(
            """
            endpoints:
              - { id: login, method: POST, path: /login }
            scenarios:
              short:
                steps:
                  - { at: 0s, login: { mode: error } }
                  - { at: 1s, login: { mode: server_error } }
                  - { at: 2s, reset: all }
            """)
        let clock = ManualClock()
        let panel = try fixtures.panel(clock: clock)
        let loop = EmbeddedEventLoop()
        return (panel, loop, clock, DrillTimer(panel: panel, loop: loop))
    }

    /// Moves the panel's clock and the loop's together.
    func advance(_ loop: EmbeddedEventLoop, _ clock: ManualClock, by seconds: Double) {
        clock.advance(by: seconds)
        loop.advanceTime(by: .nanoseconds(Int64(seconds * 1e9)))
    }

    @Test func aStartedDrillRunsToItsEndOnTheLoopsClock() throws {
        let (panel, loop, clock, timer) = try self.setUp()
        defer { timer.cancel() }
        try panel.applyScenario(named: "short", origin: .controlAPI)
        #expect(panel.snapshot().rows[0].setting.mode == .error)
        self.advance(loop, clock, by: 0.999)
        #expect(panel.snapshot().rows[0].setting.mode == .error)
        self.advance(loop, clock, by: 0.001)
        #expect(panel.snapshot().rows[0].setting.mode == .serverError)
        self.advance(loop, clock, by: 1)
        #expect(panel.snapshot().rows[0].setting.mode == .success)
        #expect(panel.snapshot().drill == nil)
        #expect(
            panel.changes(after: 0).map(\.origin) == [
                .controlAPI, .drill("short", step: 1), .drill("short", step: 2), .drill("short", step: 3),
            ])
    }

    @Test func aStoppedDrillTakesNoMoreSteps() throws {
        let (panel, loop, clock, timer) = try self.setUp()
        defer { timer.cancel() }
        try panel.applyScenario(named: "short")
        try panel.reset()
        self.advance(loop, clock, by: 5)
        #expect(panel.snapshot().rows[0].setting.mode == .success)
        #expect(panel.changes(after: 0).count == 3)
    }
}
