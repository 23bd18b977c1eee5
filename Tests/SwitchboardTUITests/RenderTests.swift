import SwitchboardCore
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// The screen as text: state in, grid out, compared with golden files.
@Suite struct RenderTests {
    let plain = RenderOptions(color: false, unicode: true, utcOffset: 0)
    let colored = RenderOptions(color: true, unicode: true, utcOffset: 0)

    @Test func freshScreenAt80x24() throws {
        let state = try ScreenFixtures.freshState()
        expectGolden(ScreenRenderer.render(state, width: 80, height: 24, options: self.plain), "fresh-80x24")
    }

    @Test func busyScreenAt80x24() throws {
        let state = try ScreenFixtures.busyState()
        expectGolden(ScreenRenderer.render(state, width: 80, height: 24, options: self.plain), "busy-80x24")
    }

    @Test func busyScreenAt80x24InColour() throws {
        let state = try ScreenFixtures.busyState()
        expectGolden(
            ScreenRenderer.render(state, width: 80, height: 24, options: self.colored), "busy-80x24-color", styles: true
        )
    }

    @Test func busyScreenAt40x10() throws {
        let state = try ScreenFixtures.busyState(width: 40, height: 10)
        expectGolden(ScreenRenderer.render(state, width: 40, height: 10, options: self.plain), "busy-40x10")
    }

    @Test func busyScreenAt40x10InColour() throws {
        let state = try ScreenFixtures.busyState(width: 40, height: 10)
        expectGolden(
            ScreenRenderer.render(state, width: 40, height: 10, options: self.colored), "busy-40x10-color", styles: true
        )
    }

    @Test func asciiOnlyTerminals() throws {
        let state = try ScreenFixtures.busyState()
        let options = RenderOptions(color: false, unicode: false, utcOffset: 0)
        let grid = ScreenRenderer.render(state, width: 80, height: 24, options: options)
        expectGolden(grid, "busy-80x24-ascii")
        #expect(grid.text.unicodeScalars.allSatisfy { $0.isASCII })
    }

    /// `--upstream-insecure` is on the top line in red, ahead of the
    /// counters, so even a narrow screen keeps the warning.
    @Test func anUnverifiedUpstreamIsSaidInRedOnTheTopLine() throws {
        var state = try ScreenFixtures.busyState(width: 40, height: 10)
        state.upstreamInsecure = true
        let grid = ScreenRenderer.render(state, width: 40, height: 10, options: self.colored)
        let top = grid.row(0)
        let start = try #require(top.range(of: "UPSTREAM TLS UNVERIFIED"))
        let x = top.distance(from: top.startIndex, to: start.lowerBound)
        #expect(grid[x, 0].style.foreground == .red)
        #expect(
            !ScreenRenderer.render(try ScreenFixtures.busyState(), width: 80, height: 24, options: self.colored)
                .row(0).contains("UNVERIFIED"))
    }

    @Test func aFailedReloadShowsItsFirstProblemWholeAndHowToSeeTheRest() throws {
        let state = try ScreenFixtures.failedReloadState()
        let grid = ScreenRenderer.render(state, width: 80, height: 24, options: self.colored)
        expectGolden(grid, "reload-failed-80x24", styles: true)
        #expect(grid.text.contains("did you mean '{episode}'?"))
        #expect(grid.text.contains("+2 more problems: run `switchboard check myapi` to see them all"))
        #expect(!grid.text.contains("fixtures reloaded"))
    }

    @Test func aFailedReloadOnASmallScreenLeavesRoomForTheLists() throws {
        let state = try ScreenFixtures.failedReloadState(width: 40, height: 10)
        let grid = ScreenRenderer.render(state, width: 40, height: 10, options: self.plain)
        expectGolden(grid, "reload-failed-40x10")
        let layout = Layout(state, width: 40, height: 10)
        #expect(layout.bannerRows == 4)
        #expect(layout.endpointRows == 1 && layout.logRows == 1)
    }

    @Test func helpScreen() throws {
        var state = try ScreenFixtures.freshState()
        _ = Reducer.reduce(&state, .key(.char("?")), width: 80, height: 24)
        expectGolden(ScreenRenderer.render(state, width: 80, height: 24, options: self.plain), "help-80x24")
    }

    @Test func pausedLogWithACursor() throws {
        var state = try ScreenFixtures.busyState()
        for key: Key in [.tab, .up, .up] { _ = Reducer.reduce(&state, .key(key), width: 80, height: 24) }
        let grid = ScreenRenderer.render(state, width: 80, height: 24, options: self.colored)
        expectGolden(grid, "paused-log-80x24", styles: true)
    }

    @Test func statusColoursFollowTheStatusClass() throws {
        let state = try ScreenFixtures.busyState()
        let grid = ScreenRenderer.render(state, width: 80, height: 24, options: self.colored)
        let rows = (0..<grid.height).map { grid.row($0) }
        func statusStyle(_ status: String) -> Style? {
            guard let y = rows.firstIndex(where: { $0.contains(" \(status) ") }),
                let x = rows[y].range(of: " \(status) ").map({
                    rows[y].distance(from: rows[y].startIndex, to: $0.lowerBound) + 1
                })
            else { return nil }
            return grid[x, y].style
        }
        #expect(statusStyle("200")?.foreground == .green)
        #expect(statusStyle("429")?.foreground == .yellow)
        #expect(statusStyle("503")?.foreground == .red)
        let monochrome = ScreenRenderer.render(state, width: 80, height: 24, options: self.plain)
        #expect(monochrome.cells.allSatisfy { $0.style.foreground == nil })
    }

    @Test func networkTextIsEscapedBeforeItIsDrawn() throws {
        var state = try ScreenFixtures.freshState()
        let hostile = ScreenFixtures.entry(
            1, "GET", "/\u{1B}]0;owned\u{07}\u{1B}[31mred\u{1B}[2J\\", .answered(404), ms: 1, endpoint: nil,
            closest: "GET /weather")
        _ = Reducer.reduce(
            &state, .requests([hostile], missed: 0, stats: ScreenFixtures.stats(for: [hostile])), width: 120, height: 24
        )
        let grid = ScreenRenderer.render(state, width: 120, height: 24, options: self.plain)
        #expect(grid.text.contains(#"/\x1B]0;owned\x07\x1B[31mred\x1B[2J\\"#))
        #expect(
            grid.cells.allSatisfy { $0.character.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } })
    }

    @Test func tinyTerminalsGetAMessageNotACrash() throws {
        let state = try ScreenFixtures.busyState()
        for (width, height) in [(0, 0), (1, 1), (19, 4), (40, 5), (300, 100)] {
            let grid = ScreenRenderer.render(state, width: width, height: height, options: self.colored)
            #expect(grid.width == width && grid.height == height)
        }
        #expect(ScreenRenderer.render(state, width: 19, height: 4, options: self.plain).row(0).hasPrefix("Switchboard"))
    }

    @Test func aScrollLeftFromASmallerWindowLeavesNoBlankRows() throws {
        var state = try ScreenFixtures.busyState(width: 40, height: 10)
        for _ in 0..<4 { _ = Reducer.reduce(&state, .key(.down), width: 40, height: 10) }
        #expect(state.endpointScroll > 0)
        let grid = ScreenRenderer.render(state, width: 80, height: 24, options: self.plain)
        let rows = (2..<8).map { grid.row($0) }
        #expect(rows.allSatisfy { $0.contains("/") }, "\(grid.text)")
    }

    @Test func faultsFlakyAndLatencyInTheLog() throws {
        let panel = try ScreenFixtures.demoPanel()
        try panel.setMode(.reset, endpoint: "coinlist")
        try panel.setMode(.flaky(percent: 25), endpoint: "weather")
        try panel.setLatency("3g", endpoint: "weather")
        try panel.setMode(.hang, endpoint: "episode")
        var state = try ScreenFixtures.freshState(panel: panel)
        var entries = [
            ScreenFixtures.entry(
                1, "GET", "/data/all/coinlist", .noStatusLine, ms: 0.3, endpoint: "coinlist", mode: .reset),
            ScreenFixtures.entry(2, "GET", "/episodes/2", .noStatusLine, ms: 30_001, endpoint: "episode", mode: .hang),
            ScreenFixtures.entry(
                3, "GET", "/weather?lat=1&lon=2", .answered(500), ms: 152, endpoint: "weather", mode: .serverError),
            ScreenFixtures.entry(
                4, "GET", "/weather?lat=1&lon=2", .answered(200), ms: 151, endpoint: "weather", mode: .success),
        ]
        for index in 2...3 {
            entries[index].setting = .flaky(percent: 25)
            entries[index].latency = "3g"
            entries[index].injectedDelay = .milliseconds(150)
        }
        _ = Reducer.reduce(
            &state, .requests(entries, missed: 0, stats: ScreenFixtures.stats(for: entries)), width: 80, height: 24)
        expectGolden(
            ScreenRenderer.render(state, width: 80, height: 24, options: self.colored), "faults-80x24", styles: true)
    }

    @Test func bigHitCountsKeepTheirLeadingDigits() throws {
        var state = try ScreenFixtures.freshState()
        state.endpoints[0].hits = 1_019_117
        state.endpoints[1].hits = 999_999
        state.endpoints[2].hits = 123_456_789
        let wide = ScreenRenderer.render(state, width: 80, height: 24, options: self.plain).text
        #expect(wide.contains(" 1.01M"))
        #expect(wide.contains(" 999,999"))
        #expect(wide.contains(" 123.4M"))
        let narrow = ScreenRenderer.render(state, width: 40, height: 10, options: self.plain).text
        #expect(narrow.contains(" 1.01M"))
        #expect(narrow.contains(" 999k"))
    }

    @Test func requestDetailsAreIndentedAndEscaped() throws {
        var state = try ScreenFixtures.busyState()
        var entry = ScreenFixtures.entry(
            7, "POST", "/login?next=%2Fhome", .answered(401), ms: 2.5, endpoint: "login", mode: .error)
        entry.sequence = 42
        entry.details = FakeExchange(
            requestHeaders: [
                ("Host", "127.0.0.1:8080"), ("Content-Type", "application/json"), ("X-Evil", "\u{1B}]0;owned\u{07}"),
            ],
            requestBody: #"{"email":"ana@example.com","password":"hunter2"}"#,
            responseHeaders: [("Content-Type", "application/json"), ("WWW-Authenticate", "Bearer")],
            responseBody: Array(
                #"{"error":"invalid_credentials","detail":{"attempts":3,"locked":false},"hints":[]}"#.utf8))
        _ = Reducer.reduce(
            &state, .details(DetailsFormatter.view(entry, signature: "POST /login")), width: 80, height: 24)
        let grid = ScreenRenderer.render(state, width: 80, height: 24, options: self.colored)
        expectGolden(grid, "details-80x24", styles: true)
        #expect(grid.text.contains(#"X-Evil: \x1B]0;owned\x07"#))
    }

    @Test func aRejectedRequestSaysWhyNotThatItsDetailsWereDropped() throws {
        var slowHead = ScreenFixtures.entry(1, "-", "-", .answered(408), ms: 10_000, endpoint: nil)
        slowHead.rejection = "request headers took too long"
        let headless = DetailsFormatter.view(slowHead, signature: nil).lines.map(\.text)
        #expect(headless.contains("rejected: request headers took too long"))
        #expect(!headless.contains { $0.contains("memory budget") })

        var stalled = ScreenFixtures.entry(2, "POST", "/login", .answered(408), ms: 10_000, endpoint: nil)
        stalled.rejection = "request body stopped arriving"
        stalled.details = FakeExchange(
            requestHeaders: [("Content-Length", "100")], responseHeaders: [("Content-Type", "application/json")],
            responseBody: Array(#"{"error":"no more of the request body arrived for 10s"}"#.utf8))
        let lines = DetailsFormatter.view(stalled, signature: nil).lines.map(\.text)
        #expect(lines.contains("rejected: request body stopped arriving"))
        #expect(lines.contains("RESPONSE 408 Request Timeout"))
    }

    @Test func aBinaryBodyIsDescribedNotDrawn() throws {
        var entry = ScreenFixtures.entry(1, "GET", "/images/kitten.jpg", .answered(200), ms: 1, endpoint: "kitten")
        entry.details = FakeExchange(
            requestHeaders: [("Host", "x")], responseHeaders: [("Content-Type", "image/jpeg")],
            responseBody: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46])
        let lines = DetailsFormatter.view(entry, signature: nil).lines.map(\.text)
        #expect(lines.contains("RESPONSE BODY  (8 bytes, image/jpeg)"))
        #expect(lines.contains("  binary, not shown"))
    }

    @Test func aBodyCutInsideACharacterIsStillText() {
        let text = Array(String(repeating: "é", count: 10).utf8)
        let lines = DetailsFormatter.body("BODY", Array(text.dropLast()), size: 40, type: "text/plain").map(\.text)
        #expect(lines.contains("  ééééééééé"))
        #expect(lines.contains { $0.contains("more bytes were not kept") })
    }

    @Test func theFilterShowsInThePaneTitle() throws {
        var state = try ScreenFixtures.busyState()
        for key: Key in [.tab, .char("/")] + "status:4xx".map({ .char($0) }) + [.enter] {
            _ = Reducer.reduce(&state, .key(key), width: 80, height: 24)
        }
        expectGolden(ScreenRenderer.render(state, width: 80, height: 24, options: self.plain), "filtered-80x24")
    }

    @Test func theScenarioPickerListsTheManifestsScenarios() throws {
        var state = try ScreenFixtures.busyState()
        _ = Reducer.reduce(&state, .key(.char("s")), width: 80, height: 24)
        expectGolden(ScreenRenderer.render(state, width: 80, height: 24, options: self.plain), "scenarios-80x24")
    }
}

extension RenderTests {
    @Test func aLiveRequestSaysWhatTheUpstreamDidOnItsLogLine() throws {
        var state = try ScreenFixtures.freshState(panel: try ScreenFixtures.demoPanel())
        var refused = ScreenFixtures.entry(1, "GET", "/profile", .answered(502), ms: 1, endpoint: nil)
        refused.sequence = 1
        refused.upstream = UpstreamOutcome(time: .milliseconds(1), failure: "connection refused")
        var relayed = ScreenFixtures.entry(2, "GET", "/feed", .answered(200), ms: 14, endpoint: nil)
        relayed.sequence = 2
        relayed.upstream = UpstreamOutcome(time: .milliseconds(12))
        let entries = [refused, relayed]
        _ = Reducer.reduce(
            &state, .requests(entries, missed: 0, stats: ScreenFixtures.stats(for: entries)), width: 100, height: 24)
        let text = ScreenRenderer.render(state, width: 100, height: 24, options: self.colored).text
        #expect(text.contains("connection refused"), "the failure in words")
        #expect(text.contains("live 12ms"))
        #expect(!text.contains("UNMATCHED"), "an unmatched request that went live is not a 404")
    }
}
