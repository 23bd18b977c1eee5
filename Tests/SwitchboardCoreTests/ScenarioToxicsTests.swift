import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// A scenario (or a drill step) sets connection toxics as it sets latency:
/// what it names changes, `none` removes them, a reset returns to the
/// manifest's, and the picker and the log say what was set.
@Suite struct ScenarioToxicsTests {
    static let manifest = """
        endpoints:
          - { id: login, method: POST, path: /login, toxics: "slow_close:1s" }
          - { id: feed, method: GET, path: /feed }
        scenarios:
          choppy: { feed: { toxics: [slicer, "limit_data:100"] } }
          calm: { "*": { toxics: none } }
          worsening:
            steps:
              - { at: 0s, feed: { toxics: slicer } }
              - { at: 10s, reset: all }
        """

    func panel(_ clock: ManualClock = ManualClock()) throws -> ControlPanel {
        let fixtures = MemoryFixtures(Self.manifest)
        return try fixtures.panel(clock: clock)
    }

    @Test func aScenarioSetsToxicsNoneRemovesThemAndResetRestoresTheManifests() throws {
        let panel = try self.panel()
        try panel.applyScenario(named: "choppy")
        #expect(
            panel.snapshot().rows.map(\.setting.toxics) == [
                Toxics(slowClose: .seconds(1)), .slicer.with(.limitData(100)),
            ])
        try panel.applyScenario(named: "calm")
        #expect(panel.snapshot().rows.map(\.setting.toxics) == [.none, .none])
        try panel.reset()
        #expect(panel.snapshot().rows.map(\.setting.toxics) == [Toxics(slowClose: .seconds(1)), .none])
        let choppy = try #require(panel.snapshot().manifest.scenarios.first { $0.name == "choppy" })
        #expect(choppy.summary == "feed: toxics slicer,limit_data:100")
    }

    @Test func aDrillStepSetsToxicsAndSaysSo() throws {
        let clock = ManualClock()
        let panel = try self.panel(clock)
        try panel.applyScenario(named: "worsening")
        #expect(panel.snapshot().rows[1].setting.toxics == .slicer)
        clock.advance(by: 10)
        panel.advanceDrill()
        #expect(panel.snapshot().rows[1].setting.toxics == .none)
        #expect(
            panel.changes(after: 0).map(\.text) == [
                "drill worsening started  (code)",
                "feed → toxics slicer  (drill worsening, step 1)",
                "all → back to the manifest  (drill worsening, step 2)",
            ])
    }

    /// Issue 22 item 21: "this setting to all" (`a`) gives every endpoint
    /// the mode and latency, as the README says; each keeps its own toxics
    /// and rate limit, and the marker says only what was copied.
    @Test func applyingToAllCopiesModeAndLatencyOnly() throws {
        let panel = try self.panel()
        try panel.set(
            endpoint: "login", SettingChange(mode: .error, latency: .profile("3g"), rateLimit: .limit(.perSecond(5))))
        try panel.set(endpoint: "feed", SettingChange(toxics: .slicer))
        try panel.applyToAll(from: "login", origin: .key)
        let settings = panel.snapshot().rows.map(\.setting)
        #expect(settings.map(\.mode) == [.error, .error])
        #expect(settings.map(\.latency) == ["3g", "3g"])
        #expect(settings.map(\.toxics) == [Toxics(slowClose: .seconds(1)), .slicer])
        #expect(settings.map(\.rateLimit) == [.perSecond(5), nil])
        #expect(panel.changes(after: 0).last?.text == "all → error, latency 3g (as login)  (key)")
    }

    @Test func aBadToxicInAScenarioIsReportedWhereItIs() throws {
        let found = try manifestProblems(
            """
            endpoints:
              - { id: feed, method: GET, path: /feed }
            scenarios:
              choppy: { feed: { toxics: slicr } }
            """)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("4:29: 'slicr' is not a toxic") == true)
        #expect(found.first?.hasSuffix("did you mean 'slicer'?") == true)
    }
}
