import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// A drill run by the control panel, on a clock the test moves: what each
/// step sets, the markers it leaves, and what stops it.
@Suite struct DrillPanelTests {
    static let manifest = DrillManifests.badDayAndOthers

    func panel(_ clock: ManualClock, manifest: String = Self.manifest, seed: UInt64 = 7) throws -> ControlPanel {
        let fixtures = MemoryFixtures(manifest)
        return try fixtures.panel(random: SeededRandom(seed: seed), clock: clock)
    }

    func markers(_ panel: ControlPanel) -> [String] {
        panel.changes(after: 0).map(\.text)
    }

    @Test func aDrillAppliesItsStepsWhenTheyFallDue() throws {
        let clock = ManualClock()
        let panel = try self.panel(clock)
        try panel.applyScenario(named: "bad-day", origin: .key)
        #expect(panel.snapshot().rows.map(\.setting.latency) == ["3g", "3g"])
        #expect(panel.snapshot().drill?.currentStep == 1)
        #expect(panel.snapshot().drill?.countdown(at: clock.panelClock()) == 20)

        clock.advance(by: 19)
        panel.advanceDrill()
        #expect(panel.snapshot().rows[0].setting.mode == .success)
        clock.advance(by: 1)
        panel.advanceDrill()
        #expect(panel.snapshot().rows[0].setting == .init(mode: .serverError, latency: "3g"))
        clock.advance(by: 20)
        panel.advanceDrill()
        #expect(
            panel.snapshot().rows.map(\.setting) == [
                .init(mode: .success, latency: nil), .init(mode: .success, latency: nil),
            ])
        #expect(panel.snapshot().drill == nil)
        #expect(
            self.markers(panel) == [
                "drill bad-day started  (key)",
                "all → latency 3g  (drill bad-day, step 1)",
                "login → server_error  (drill bad-day, step 2)",
                "all → back to the manifest  (drill bad-day, step 3)",
            ])
        let times = panel.changes(after: 0).map { $0.time - panel.changes(after: 0)[0].time }
        #expect(times == [0, 0, 20, 40])
    }

    @Test func resettingAllStopsTheDrill() throws {
        let clock = ManualClock()
        let panel = try self.panel(clock)
        try panel.applyScenario(named: "bad-day")
        clock.advance(by: 5)
        try panel.reset(origin: .key)
        #expect(panel.snapshot().drill == nil)
        #expect(panel.snapshot().rows.map(\.setting.latency) == [nil, nil])
        clock.advance(by: 30)
        panel.advanceDrill()
        #expect(panel.snapshot().rows[0].setting.mode == .success)
        #expect(self.markers(panel).last == "all → back to the manifest, drill bad-day stopped  (key)")
    }

    /// A drill's `reset: all` is the reset by hand: a count rule counts
    /// again from its first request.
    @Test func aDrillsResetStartsCountRulesAgain() throws {
        let clock = ManualClock()
        let panel = try self.panel(
            clock,
            manifest: """
                endpoints:
                  - { id: feed, method: GET, path: /feed, mode: "fail_first:1" }
                scenarios:
                  later: { steps: [ { at: 0s, feed: { latency: 3g } }, { at: 5s, reset: all } ] }
                """)
        let modes = { (count: Int) in (0..<count).map { _ in panel.snapshot().decide(endpoint: 0).mode } }
        #expect(modes(2) == [.serverError, .success])
        try panel.applyScenario(named: "later")
        clock.advance(by: 5)
        panel.advanceDrill()
        #expect(modes(2) == [.serverError, .success])
    }

    @Test func anotherScenarioOrDrillStopsTheOneRunningWhereItIs() throws {
        let clock = ManualClock()
        let panel = try self.panel(clock)
        try panel.applyScenario(named: "bad-day")
        try panel.applyScenario(named: "short", origin: .controlAPI)
        #expect(panel.snapshot().drill?.name == "short")
        // bad-day's latency stays: stopping is not resetting.
        #expect(panel.snapshot().rows[1].setting == .init(mode: .flaky(percent: 50), latency: "3g"))
        try panel.applyScenario(named: "outage", origin: .commandLine)
        #expect(panel.snapshot().drill == nil)
        clock.advance(by: 30)
        panel.advanceDrill()
        #expect(panel.snapshot().rows.map(\.setting.mode) == [.serverError, .serverError])
        #expect(
            self.markers(panel).suffix(3) == [
                "drill short started, drill bad-day stopped  (control API)",
                "feed → flaky:50  (drill short, step 1)",
                "scenario outage, drill short stopped: all → server_error  (CLI)",
            ])
    }

    @Test func aReloadThatRemovesTheDrillStopsIt() throws {
        let clock = ManualClock()
        let panel = try self.panel(clock)
        try panel.applyScenario(named: "bad-day")
        let fixtures = MemoryFixtures(
            """
            endpoints:
              - { id: login, method: POST, path: /login }
              - { id: feed, method: GET, path: /feed }
            """)
        panel.replaceManifest(try fixtures.load())
        #expect(panel.snapshot().drill == nil)
        #expect(self.markers(panel).last == "drill bad-day stopped: no longer in the manifest  (reload)")
    }

    @Test func aReloadThatKeepsTheDrillLetsItRunOn() throws {
        let clock = ManualClock()
        let panel = try self.panel(clock)
        try panel.applyScenario(named: "bad-day")
        let fixtures = MemoryFixtures(Self.manifest)
        panel.replaceManifest(try fixtures.load())
        clock.advance(by: 20)
        panel.advanceDrill()
        #expect(panel.snapshot().drill?.currentStep == 2)
    }

    @Test func everyChangeSaysWhoMadeIt() throws {
        let clock = ManualClock()
        let panel = try self.panel(clock)
        try panel.setMode(.error, endpoint: "login", origin: .key)
        try panel.set(endpoint: "feed", SettingChange(mode: .hang, latency: .profile("3g")), origin: .controlAPI)
        try panel.setLatency(nil, endpoint: "feed", origin: .commandLine)
        try panel.applyToAll(from: "login", origin: .key)
        try panel.reset(endpoint: "login")
        #expect(
            self.markers(panel) == [
                "login → error  (key)",
                "feed → hang, latency 3g  (control API)",
                "feed → latency none  (CLI)",
                "all → error, latency none (as login)  (key)",
                "login → back to the manifest  (code)",
            ])
        #expect(panel.changes(after: 0).map(\.sequence) == [1, 2, 3, 4, 5])
        #expect(panel.changes(after: 3).map(\.sequence) == [4, 5])
    }

    @Test func aReloadThatChangesAnEndpointsStartSaysSo() throws {
        let clock = ManualClock()
        let panel = try self.panel(clock)
        let fixtures = MemoryFixtures(
            """
            endpoints:
              - { id: login, method: POST, path: /login, mode: error }
              - { id: feed, method: GET, path: /feed, rate_limit: 5/s, toxics: slicer }
            """)
        panel.replaceManifest(try fixtures.load())
        #expect(self.markers(panel) == ["login → error; feed → rate limit 5/s, toxics slicer  (reload)"])
    }

    @Test func aRefusedChangeLeavesNoMarker() throws {
        let panel = try self.panel(ManualClock())
        #expect(throws: ControlError.self) { try panel.setMode(.error, endpoint: "nope") }
        #expect(panel.changes(after: 0).isEmpty)
    }

    /// `--seed` plus a drill replays the same demo: the same modes for the
    /// same requests at the same moments of the drill.
    @Test func aSeededDrillGivesTheSameModesOnEveryRun() throws {
        func run() throws -> [Mode] {
            let clock = ManualClock()
            let panel = try self.panel(clock, seed: 42)
            try panel.applyScenario(named: "short")
            var modes: [Mode] = []
            for tick in 0..<20 {
                if tick == 10 {
                    clock.advance(by: 1)
                    panel.advanceDrill()
                }
                modes.append(panel.snapshot().decide(endpoint: 1).mode)
            }
            return modes
        }
        let first = try run()
        #expect(first == (try run()))
        #expect(Set(first.prefix(10)) == [.success, .serverError])
        #expect(Set(first.suffix(10)) == [.error])
    }
}
