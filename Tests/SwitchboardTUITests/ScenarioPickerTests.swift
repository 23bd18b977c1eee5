import SwitchboardCore
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// The `s` picker says what each scenario sets, a drill included, and a
/// wide terminal shows it whole.
@Suite struct ScenarioPickerTests {
    static let manifest = """
        endpoints:
          - { id: search, method: GET, path: /search }
          - { id: files, method: GET, path: /files }
        scenarios:
          mixed:
            search: { mode: error, latency: 3g, rate_limit: 2/s, toxics: slicer }
            files: { mode: "fail_first:2:reset" }
          bad-day:
            steps:
              - { at: 0s, "*": { latency: 3g } }
              - { at: 20s, search: { mode: server_error } }
              - { at: 40s, reset: all }
        """
    let plain = RenderOptions(color: false, unicode: true, utcOffset: 0)

    func pickerOpen(width: Int) throws -> AppState {
        let fixtures = MemoryFixtures(Self.manifest)
        let panel = try fixtures.panel()
        var state = AppState(serverURL: "http://127.0.0.1:8080")
        _ = Reducer.reduce(&state, .panel(panel.snapshot(), JournalStats()), width: width, height: 24)
        _ = Reducer.reduce(&state, .key(.char("s")), width: width, height: 24)
        return state
    }

    @Test func aDrillsRowSaysHowLongItRunsAndWhatEachStepSets() throws {
        let state = try self.pickerOpen(width: 200)
        let drill =
            "drill: 3 steps over 40 s · at 0 s all: latency 3g · at 20 s search: server_error · at 40 s reset all"
        #expect(state.scenarioSummaries[1] == drill)
        let grid = ScreenRenderer.render(state, width: 200, height: 24, options: self.plain)
        #expect((0..<24).contains { grid.row($0).contains("bad-day") && grid.row($0).contains(drill) })
    }

    @Test func theBoxGrowsWithTheTerminalSoASummaryShowsWhole() throws {
        let state = try self.pickerOpen(width: 120)
        let mixed = "search: error, latency 3g, rate limit 2/s, toxics slicer · files: fail_first:2:reset"
        #expect(state.scenarioSummaries[0] == mixed)
        #expect(ScreenRenderer.render(state, width: 120, height: 24, options: self.plain).text.contains(mixed))
        // A narrow one still cuts it, inside the box.
        #expect(!ScreenRenderer.render(state, width: 80, height: 24, options: self.plain).text.contains(mixed))
    }
}
