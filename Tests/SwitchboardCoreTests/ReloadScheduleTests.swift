import Testing

@testable import SwitchboardCore

/// When the watcher loads: settled changes only, and retries of loads that
/// could not read a file, waiting longer each time but never over 5 s.
@Suite struct ReloadScheduleTests {
    let before = ["switchboard.yml": FileStamp(size: 10, modified: 1)]
    let after = ["switchboard.yml": FileStamp(size: 20, modified: 2)]

    @Test func aChangeLoadsOnceUnchangedForTheSettleTime() {
        var schedule = ReloadSchedule(loaded: self.before)
        let looks = [0, 199, 200].map { schedule.look(at: self.after, now: .milliseconds($0)) }
        #expect(looks == [false, false, true])
    }

    @Test func retriesBackOffUpToFiveSecondsAndStopOnceLoaded() {
        var schedule = ReloadSchedule(loaded: self.before)
        var now = Duration.zero
        var waits: [Duration] = []
        for _ in 0..<9 {
            schedule.loaded(self.before, couldNotRead: true, now: now)
            var next = now
            while !schedule.look(at: self.before, now: next) { next += .milliseconds(100) }
            waits.append(next - now)
            now = next
        }
        #expect(waits.map(\.milliseconds) == [100, 200, 400, 800, 1_600, 3_200, 5_000, 5_000, 5_000])
        schedule.loaded(self.before, couldNotRead: false, now: now)
        let lookedAgain = schedule.look(at: self.before, now: now + .seconds(60))
        #expect(!lookedAgain)
    }

    @Test func aNewVersionOfTheFilesRetriesSoonAgain() {
        var schedule = ReloadSchedule(loaded: self.before)
        for step in 0..<5 { schedule.loaded(self.before, couldNotRead: true, now: .seconds(step)) }
        schedule.loaded(self.after, couldNotRead: true, now: .seconds(10))
        let retried = schedule.look(at: self.after, now: .seconds(10) + .milliseconds(100))
        #expect(retried)
    }
}
