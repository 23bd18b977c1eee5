import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

@testable import SwitchboardTUI

/// Issue 13, part 9: a log line says why a request got what it got.
@Suite struct LogLineWhyTests {
    let colored = RenderOptions(color: true, unicode: true, utcOffset: 0)

    /// A `Prefer`-forced error, a missing fixture, an unmatched request
    /// that lacked its query, and a `truncated` answer that began as a 200.
    static func whyEntries() -> [JournalEntry] {
        var preferred = ScreenFixtures.entry(
            1, "GET", "/data/all/coinlist", .answered(500), ms: 0.5, endpoint: "coinlist", mode: .serverError)
        preferred.forced.mode = .serverError
        preferred.setting = .success
        var missing = ScreenFixtures.entry(
            2, "GET", "/episodes/99", .answered(404), ms: 0.4, endpoint: "episode", mode: .success)
        missing.missingFixture = "episodes/99.json"
        var unmatched = ScreenFixtures.entry(3, "GET", "/weather", .answered(404), ms: 0.3, endpoint: nil)
        unmatched.unmatched = Unmatched(
            closestID: "weather", closest: "GET /weather", reason: "GET /weather needs query parameter 'lat'",
            short: "needs ?lat&lon")
        let cut = ScreenFixtures.entry(
            4, "GET", "/data/all/coinlist", .answered(200), ms: 2.1, endpoint: "coinlist", mode: .truncated)
        return [preferred, missing, unmatched, cut].enumerated().map { index, entry in
            var numbered = entry
            numbered.sequence = index + 1
            return numbered
        }
    }

    @Test func theLogLineSaysWhy() throws {
        var state = try ScreenFixtures.freshState()
        let entries = Self.whyEntries()
        _ = Reducer.reduce(
            &state, .requests(entries, missed: 0, stats: ScreenFixtures.stats(for: entries)), width: 80, height: 24)
        let grid = ScreenRenderer.render(state, width: 80, height: 24, options: self.colored)
        expectGolden(grid, "whys-80x24", styles: true)
        // Wide enough for every reason whole.
        let text = ScreenRenderer.render(state, width: 110, height: 24, options: self.colored).text
        #expect(text.contains("server_error (Prefer)"))
        #expect(text.contains("404 ") && text.contains("no fixture episodes/99.json"))
        #expect(!text.contains("success (") && !text.contains(" 404      0ms  success"))
        #expect(text.contains("UNMATCHED: needs ?lat&lon"))
    }

    /// A latency the request asked for says `(Prefer)` as a mode does, and
    /// the details header says what the log line says.
    @Test func aPreferredLatencySaysPreferAndTheDetailsHeaderCarriesTheReason() throws {
        var latency = ScreenFixtures.entry(
            1, "GET", "/data/all/coinlist", .answered(200), ms: 152, endpoint: "coinlist", latency: "3g")
        latency.forced.latency = true
        latency.injectedDelay = .milliseconds(150)
        #expect(
            LogView.info(LogLine(latency), width: 40, options: self.colored) == "success · 3g (Prefer) 150ms")
        #expect(
            DetailsFormatter.summary(latency, signature: nil).contains("latency 3g (Prefer), 150ms injected"))
        let why = Self.whyEntries()
        #expect(
            DetailsFormatter.summary(why[0], signature: nil).contains(
                "server_error (Prefer; endpoint set to success)"))
        #expect(DetailsFormatter.summary(why[1], signature: nil).contains("success · no fixture episodes/99.json"))
    }

    /// Issue 37, item 23: an answer `Prefer: code=` chose reads as what it
    /// is in the log and the details, not as the endpoint's `success`.
    @Test func aDocumentedAnswerPreferChoseReadsAsWhatItIs() throws {
        var chosen = ScreenFixtures.entry(
            1, "GET", "/pets/1", .answered(404), ms: 0.4, endpoint: "getPet", mode: .success)
        chosen.forced.answer = "code=404"
        #expect(LogView.info(LogLine(chosen), width: 40, options: self.colored) == "Prefer code=404")
        let summary = DetailsFormatter.summary(chosen, signature: nil)
        #expect(summary.contains("Prefer code=404 (endpoint set to success)") && !summary.contains("· success"))
        #expect(
            TimingLines.lines(chosen).map(\.text).contains("asked for by the request (Prefer: code=404)"))
        // Beside a mode it asked for too.
        chosen.forced.mode = .serverError
        chosen.mode = .serverError
        #expect(
            LogView.info(LogLine(chosen), width: 40, options: self.colored) == "server_error (Prefer code=404)")
    }

    @Test func aTruncatedAnswerIsDrawnAsAFaultNotAGreen200() throws {
        var state = try ScreenFixtures.freshState()
        let entries = Self.whyEntries()
        _ = Reducer.reduce(
            &state, .requests(entries, missed: 0, stats: ScreenFixtures.stats(for: entries)), width: 80, height: 24)
        let grid = ScreenRenderer.render(state, width: 80, height: 24, options: self.colored)
        let row = try #require((0..<24).first { grid.row($0).contains("truncated") })
        let cells = Array(grid.row(row))
        let column = try #require((0..<(cells.count - 4)).first { String(cells[$0..<($0 + 5)]) == " 200 " }) + 1
        #expect(grid[column, row].style.foreground == .magenta)
    }

    /// `limit_data` cut the 200: magenta like `truncated`, and the line
    /// names the toxic and the cut; a slicer answer stays a green 200.
    @Test func anAnswerAToxicCutIsDrawnAsAFaultAndNamesIt() throws {
        var state = try ScreenFixtures.freshState()
        var cut = ScreenFixtures.entry(
            1, "GET", "/data/all/coinlist", .answered(200), ms: 0.4, endpoint: "coinlist", mode: .success)
        cut.toxics = .limitData(10)
        cut.cutShort = true
        var sliced = ScreenFixtures.entry(
            2, "GET", "/episodes/1", .answered(200), ms: 9.1, endpoint: "episode", mode: .success)
        sliced.toxics = .slicer
        sliced.forced = Decision.Forced(toxics: true)
        sliced.sequence = 2
        _ = Reducer.reduce(
            &state, .requests([cut, sliced], missed: 0, stats: ScreenFixtures.stats(for: [cut, sliced])), width: 100,
            height: 24)
        let grid = ScreenRenderer.render(state, width: 100, height: 24, options: self.colored)
        let cutRow = try #require(
            (0..<24).first { grid.row($0).contains("/data/all/coinlist") && grid.row($0).contains(" 200 ") })
        #expect(String(grid.row(cutRow)).contains("success · limit_data:10 cut"), "\(grid.text)")
        let slicedRow = try #require(
            (0..<24).first { grid.row($0).contains("/episodes/1") && grid.row($0).contains(" 200 ") })
        #expect(String(grid.row(slicedRow)).contains("success · slicer (Prefer)"), "\(grid.text)")
        for (row, color) in [(cutRow, Color.magenta), (slicedRow, .green)] {
            let cells = Array(grid.row(row))
            let column = try #require((0..<(cells.count - 4)).first { String(cells[$0..<($0 + 5)]) == " 200 " }) + 1
            #expect(grid[column, row].style.foreground == color)
        }
    }

    /// Review item 1: a reset the profile drew blames the profile, not the
    /// rule it overruled; the rule's own 500 keeps its cause even when the
    /// delay figure must go for it to fit.
    @Test func aNetworkFaultBlamesTheProfileAndARulesFailureTheRule() throws {
        var state = try ScreenFixtures.freshState()
        var dropped = ScreenFixtures.entry(
            1, "GET", "/data/all/coinlist", .noStatusLine, ms: 150, endpoint: "coinlist", mode: .reset,
            latency: "lossy-3g")
        dropped.setting = Mode(name: "fail_first:5")
        dropped.networkFault = true
        dropped.sequence = 1
        var offline = ScreenFixtures.entry(
            2, "GET", "/data/all/coinlist", .noStatusLine, ms: 0.1, endpoint: "coinlist", mode: .reset,
            latency: "offline")
        offline.setting = .success
        offline.networkFault = true
        offline.forced = Decision.Forced(mode: .success)
        offline.sequence = 2
        var ruled = ScreenFixtures.entry(
            3, "GET", "/data/all/coinlist", .answered(500), ms: 600, endpoint: "coinlist", mode: .serverError,
            latency: "very-bad-network")
        ruled.setting = Mode(name: "every:2")
        ruled.sequence = 3
        let entries = [dropped, offline, ruled]
        _ = Reducer.reduce(
            &state, .requests(entries, missed: 0, stats: ScreenFixtures.stats(for: entries)), width: 120, height: 24)
        let text = ScreenRenderer.render(state, width: 120, height: 24, options: self.colored).text
        #expect(text.contains("reset · lossy-3g"), "\(text)")
        #expect(text.contains("reset · offline"), "\(text)")
        #expect(!text.contains("reset (fail_first)") && !text.contains("reset (Prefer)"), "\(text)")
        #expect(text.contains("server_error (every) · very-bad-network"), "\(text)")
    }

    @Test func theEmptyLogSuggestsARequestThatMatches() throws {
        var state = try ScreenFixtures.freshState()
        // Only endpoints that need a query, a header or a path value.
        state.endpoints = state.endpoints.filter { $0.id == "weather" || $0.id == "episode" }
        let text = ScreenRenderer.render(state, width: 100, height: 24, options: self.colored).text
        #expect(text.contains("try: curl 'http://127.0.0.1:8080/weather?lat=1&lon=2'"), "\(text)")
        // With a plain endpoint in the list, that one is suggested.
        let fresh = try ScreenFixtures.freshState()
        #expect(
            ScreenRenderer.render(fresh, width: 100, height: 24, options: self.colored).text
                .contains("try: curl http://127.0.0.1:8080/data/all/coinlist"))
    }

    @Test func anExampleRequestFillsEveryRequirement() throws {
        let manifest = try ManifestLoader.parse(
            text: """
                endpoints:
                  - id: me
                    method: GET
                    path: /users/:id/profile
                    query: { fields: all, page: "*" }
                    headers: { X-Api-Key: "*" }
                """, file: "switchboard.yml", directory: "/tmp")
        let example = ExampleRequest(manifest.endpoints[0])
        #expect(example.target == "/users/1/profile?fields=all&page=2")
        #expect(
            example.curl(serverURL: "http://127.0.0.1:8080")
                == "curl 'http://127.0.0.1:8080/users/1/profile?fields=all&page=2' -H 'X-Api-Key: 1'")
    }

    @Test func knownProfileNamesFitTheLatencyColumnOnAWideEnoughScreen() throws {
        let panel = try ScreenFixtures.demoPanel()
        try panel.setLatency("very-bad-network", endpoint: "weather")
        let state = try ScreenFixtures.freshState(panel: panel)
        for width in [80, 120] {
            let text = ScreenRenderer.render(state, width: width, height: 24, options: self.colored).text
            #expect(text.contains("very-bad-network"), "at \(width) columns:\n\(text)")
            #expect(text.contains("/data/all/coinlist"), "the paths still fit at \(width)")
        }
    }
}
