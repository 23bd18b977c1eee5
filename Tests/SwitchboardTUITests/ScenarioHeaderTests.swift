import SwitchboardCore
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// The header's `scenario:` says something true after drills, stacking and
/// changes, and is the very value `status` and the control API give.
@Suite struct ScenarioHeaderTests {
    static let manifest = """
        endpoints:
          - { id: search, method: GET, path: /search }
          - { id: weather, method: GET, path: /weather }
        scenarios:
          outage:
            "*": { mode: server_error }
          mixed:
            search: { mode: error, latency: 3g }
          bad-day:
            steps:
              - { at: 0s, weather: { latency: 3g } }
              - { at: 20s, reset: all }
          slow-day:
            steps:
              - { at: 0s, weather: { latency: 3g } }
        """
    let plain = RenderOptions(color: false, unicode: true, utcOffset: 0)

    func panel(_ clock: ManualClock = ManualClock()) throws -> ControlPanel {
        let fixtures = MemoryFixtures(Self.manifest)
        return try fixtures.panel(clock: clock)
    }

    /// The header after the screen sees `panel`.
    func header(_ panel: ControlPanel) -> String {
        var state = AppState(serverURL: "http://127.0.0.1:8080")
        _ = Reducer.reduce(&state, .panel(panel.snapshot(), JournalStats()), width: 120, height: 24)
        #expect(state.scenarioLabel == panel.snapshot().scenarioLabel, "the header's value is the API's")
        let row = ScreenRenderer.render(state, width: 120, height: 24, options: self.plain).row(0)
        return String(row[row.range(of: "scenario: ")!.upperBound...]).trimmingCharacters(in: .whitespaces)
    }

    @Test func aDrillEndingInResetAllLeavesNoScenario() throws {
        let clock = ManualClock()
        let panel = try self.panel(clock)
        try panel.applyScenario(named: "bad-day")
        clock.advance(by: 20)
        panel.advanceDrill()
        #expect(panel.snapshot().drill == nil)
        #expect(self.header(panel) == "-")
    }

    @Test func aScenarioThenADrillIsStacked() throws {
        let panel = try self.panel()
        try panel.applyScenario(named: "mixed")
        try panel.applyScenario(named: "slow-day")
        #expect(panel.snapshot().drill == nil, "its one step is due at once, so it has finished")
        #expect(self.header(panel) == "slow-day (stacked)")
    }

    @Test func twoScenariosOneAfterTheOtherAreStacked() throws {
        let panel = try self.panel()
        try panel.applyScenario(named: "mixed")
        try panel.applyScenario(named: "outage")
        #expect(self.header(panel) == "outage (stacked)")
        // `outage` alone would have left search's latency alone: that 3g
        // is mixed's, still showing.
        try panel.reset()
        try panel.applyScenario(named: "outage")
        #expect(self.header(panel) == "outage")
    }

    @Test func aChangeAfterAScenarioSaysSoInsteadOfDroppingIt() throws {
        let panel = try self.panel()
        try panel.applyScenario(named: "outage")
        try panel.setMode(.success, endpoint: "weather")
        #expect(self.header(panel) == "outage (changed)")
        try panel.reset(endpoint: "search")
        #expect(self.header(panel) == "outage (changed)")
        try panel.reset()
        #expect(self.header(panel) == "-")
    }
}
