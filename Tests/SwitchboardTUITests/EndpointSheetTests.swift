import SwitchboardCore
import SwitchboardModel
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// Issue 13, part 12: `enter` on an endpoint opens what it serves; space
/// flips; the scenario picker and the header say what scenarios set.
@Suite struct EndpointSheetTests {
    let plain = RenderOptions(color: false, unicode: true, utcOffset: 0)

    @Test func enterOpensWhatTheEndpointServesAndEscClosesIt() throws {
        let harness = try ScreenHarness.demo()
        let before = harness.panelSettings
        harness.press(.down, .enter)
        #expect(harness.panelSettings == before, "opening changes nothing")
        #expect(harness.state.details?.heading == "ENDPOINT")
        expectGolden(try #require(harness.terminal.frames.last), "endpoint-80x24")
        let lines = try #require(harness.state.details).lines.map(\.text)
        #expect(lines.contains("  query lat=any value"))
        #expect(lines.contains("  try: curl 'http://127.0.0.1:8080/weather?lat=1&lon=2'"))
        #expect(lines.contains("  success  200 OK"))
        #expect(lines.contains("  server_error  503 Service Unavailable"))
        #expect(lines.contains("    Retry-After: 120"))
        harness.press(.escape)
        #expect(harness.state.details == nil)
        #expect(harness.terminal.screen.contains("ENDPOINTS"))
    }

    /// Review item 3: the `now:` line names the limit, its key and the
    /// toxics, beside a count rule's progress.
    @Test func theNowLineShowsTheLimitItsKeyAndTheToxics() throws {
        let manifest = try ManifestLoader.parse(
            text: """
                endpoints:
                  - id: limited
                    method: GET
                    path: /limited
                    rate_limit: 1/s
                    rate_limit_key: X-Client
                    toxics: [slicer]
                """, file: "switchboard.yml", directory: "/tmp")
        let endpoint = manifest.endpoints[0]
        var setting = EndpointSetting(startOf: endpoint)
        setting.mode = try #require(Mode(name: "fail_first:2"))
        setting.latency = "3g"
        var row = EndpointRow(endpoint, setting: setting, stats: nil)
        row.counted = 1
        let view = EndpointSheet.view(
            endpoint, row: row, log: [], serverURL: "http://127.0.0.1:8080", latencyLabel: "3g")
        #expect(
            view.lines.first?.text
                == "now: 1 of 2 failed · latency 3g · limit 1/s per X-Client · toxics slicer · 0 hits · changed (r resets)"
        )
    }

    @Test func theSheetListsTheEndpointsLastRequests() throws {
        let harness = try ScreenHarness.demo()
        harness.press(.enter)
        let lines = try #require(harness.state.details).lines.map(\.text)
        let last = try #require(lines.firstIndex(of: "LAST REQUESTS"))
        let listed = lines[(last + 1)...].filter { $0.contains("/data/all/coinlist") }
        #expect(listed.count == 2)
        #expect(listed.last?.contains("429") == true)
    }

    /// Issue 22 item 21: a `limit_data` cut reads as a cut in LAST
    /// REQUESTS, in the log's words, not as a plain `200 success`.
    @Test func aCutRequestReadsAsCutInLastRequests() throws {
        let manifest = try ManifestLoader.parse(
            text: """
                endpoints:
                  - { id: feed, method: GET, path: /feed }
                """, file: "switchboard.yml", directory: "/tmp")
        let endpoint = manifest.endpoints[0]
        var entry = JournalEntry(
            time: 1_763_812_860, method: "GET", target: "/feed", status: .answered(200),
            duration: .milliseconds(2), endpointID: "feed", mode: .success, latency: nil)
        entry.sequence = 7
        entry.toxics = .limitData(10)
        entry.cutShort = true
        let row = EndpointRow(endpoint, setting: EndpointSetting(startOf: endpoint), stats: nil)
        let view = EndpointSheet.view(
            endpoint, row: row, log: [LogLine(entry)], serverURL: "http://127.0.0.1:8080", latencyLabel: "-")
        let line = try #require(view.lines.last)
        #expect(line.text == "  #7  GET /feed  200  success · limit_data:10 cut  2 ms", "\(line.text)")
        #expect(line.style == .color(.magenta))
    }

    /// Issue 22 item 21: at 40 columns the `try:` command is broken
    /// between its arguments, as the empty log's hint is, never in the URL.
    @Test func theCurlLineIsNotBrokenInsideTheURLAt40Columns() throws {
        let harness = ScreenHarness(panel: try ScreenFixtures.demoPanel(), width: 40, height: 24)
        harness.press(.down, .enter)
        let lines = try #require(harness.state.details).lines.map(\.text)
        let start = try #require(lines.firstIndex(of: "  try:"))
        #expect(Array(lines[start...].prefix(3)) == ["  try:", "  curl \\", "  '127.0.0.1:8080/weather?lat=1&lon=2'"])
        let screen = harness.terminal.screen
        #expect(screen.contains("   '127.0.0.1:8080/weather?lat=1&lon=2'"), "\(screen)")
        // Where it fits, one line as before.
        let wide = ScreenHarness(panel: try ScreenFixtures.demoPanel(), width: 80, height: 24)
        wide.press(.down, .enter)
        #expect(
            try #require(wide.state.details).lines.map(\.text).contains(
                "  try: curl 'http://127.0.0.1:8080/weather?lat=1&lon=2'"))
    }

    @Test func thePickerSaysWhatEachScenarioSets() throws {
        var state = try ScreenFixtures.busyState()
        _ = Reducer.reduce(&state, .key(.char("s")), width: 80, height: 24)
        #expect(
            state.scenarioSummaries == [
                "all: server_error", "all: latency slow", "login: error",
                "drill: 3 steps over 30 s · at 0 s all: latency slow · at 10 s weather: server_error · at 30 s reset all",
            ])
        // The golden picker (RenderTests) shows them beside the names.
        #expect(
            ScreenRenderer.render(state, width: 80, height: 24, options: self.plain).text.contains("all: server_error"))
    }

    @Test func theHeaderSaysWhenScenariosAreStacked() throws {
        let panel = try ScreenFixtures.demoPanel()
        try panel.applyScenario(named: "outage")
        var state = try ScreenFixtures.freshState(panel: panel)
        #expect(state.scenarioLabel?.state == .alone, "one scenario on the manifest's state")
        try panel.applyScenario(named: "slow-network")
        _ = Reducer.reduce(&state, .panel(panel.snapshot(), JournalStats()), width: 100, height: 24)
        #expect(state.scenarioLabel?.state == .stacked)
        #expect(
            ScreenRenderer.render(state, width: 100, height: 24, options: self.plain).row(0)
                .contains("scenario: slow-network (stacked)"))
        try panel.reset(endpoint: nil)
        try panel.applyScenario(named: "slow-network")
        _ = Reducer.reduce(&state, .panel(panel.snapshot(), JournalStats()), width: 100, height: 24)
        #expect(state.scenarioLabel?.state == .alone, "after a reset the scenario stands alone")
    }
}
