import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardTUI

/// Issue 13, part 11: text people can read. Network text in any script at
/// its real width, and every overlay in ASCII on a terminal that is not
/// UTF-8.
@Suite struct ReadableTextScreenTests {
    let plain = RenderOptions(color: false, unicode: true, utcOffset: 0)
    let ascii = RenderOptions(color: false, unicode: false, utcOffset: 0)

    /// The busy demo plus requests with CJK, accents, emoji and a bidi
    /// override in their paths.
    static func worldlyState(width: Int = 80, height: Int = 24) throws -> AppState {
        var state = try ScreenFixtures.busyState(width: width, height: height)
        var entries = [
            ScreenFixtures.entry(6, "GET", "/search?q=東京タワー&lang=日本語", .answered(200), ms: 1.4, endpoint: nil),
            ScreenFixtures.entry(
                7, "GET", "/café/crème-bru\u{302}lée?emoji=😀🎉", .answered(404), ms: 0.5, endpoint: nil),
            ScreenFixtures.entry(8, "GET", "/invoice\u{202E}fdp.exe\u{200B}", .answered(404), ms: 0.3, endpoint: nil),
        ]
        for index in entries.indices { entries[index].sequence = 6 + index }
        _ = Reducer.reduce(
            &state, .requests(entries, missed: 0, stats: ScreenFixtures.stats(for: ScreenFixtures.traffic + entries)),
            width: width, height: height)
        return state
    }

    @Test func wideAndAccentedPathsKeepTheLogsColumnsInLine() throws {
        let grid = ScreenRenderer.render(try Self.worldlyState(), width: 80, height: 24, options: self.plain)
        expectGolden(grid, "worldly-80x24")
        for y in 0..<grid.height { #expect(TerminalText.columns(grid.row(y)) == 80, "row \(y)") }
        let log = (0..<grid.height).map(grid.row).filter { $0.contains(" ms ") }
        // The status column starts at the same terminal column on every line.
        let statusColumns = Set(
            log.map { row in
                let start = row.firstRange(of: #/ \d{3} /#)!.lowerBound
                return TerminalText.columns(row[..<start])
            })
        #expect(log.count >= 6)
        #expect(statusColumns.count == 1)
        #expect(log.contains { $0.contains("/search?q=東京タワー") })
        #expect(log.contains { $0.contains(#"/invoice\u{202e}fdp.e"#) })
    }

    @Test func anASCIITerminalGetsTheSameRequestsAsBytes() throws {
        let grid = ScreenRenderer.render(try Self.worldlyState(), width: 80, height: 24, options: self.ascii)
        expectGolden(grid, "worldly-80x24-ascii")
        #expect(grid.text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(grid.text.contains(#"/caf\xC3\xA9"#))
    }

    /// The empty log's hint, the filter prompt and a mark: the screen's own
    /// glyphs, each swapped for one ASCII character.
    @Test func theMainScreensOwnGlyphsBecomeASCII() throws {
        let fresh = ScreenRenderer.render(try ScreenFixtures.freshState(), width: 80, height: 24, options: self.ascii)
        #expect(fresh.text.contains("waiting for requests - try: curl"))
        #expect(fresh.text.unicodeScalars.allSatisfy { $0.isASCII })
        var state = try ScreenFixtures.busyState()
        for key: Key in [.tab, .char("m"), .char("/"), .char("x")] {
            _ = Reducer.reduce(&state, .key(key), width: 80, height: 24)
        }
        let grid = ScreenRenderer.render(state, width: 80, height: 24, options: self.ascii)
        #expect(grid.row(23).hasPrefix(" /x_  enter apply - esc cancel"))
        #expect(grid.text.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func theHelpBoxKeepsItsShapeInASCII() throws {
        var state = try ScreenFixtures.freshState()
        _ = Reducer.reduce(&state, .key(.char("?")), width: 80, height: 24)
        self.expectASCII(ScreenRenderer.render(state, width: 80, height: 24, options: self.ascii), "help-80x24-ascii")
    }

    @Test func theScenarioPickerKeepsItsShapeInASCII() throws {
        var state = try ScreenFixtures.busyState()
        _ = Reducer.reduce(&state, .key(.char("s")), width: 80, height: 24)
        self.expectASCII(
            ScreenRenderer.render(state, width: 80, height: 24, options: self.ascii), "scenarios-80x24-ascii")
    }

    @Test func theEndpointSheetKeepsItsShapeInASCII() throws {
        let harness = try ScreenHarness.demo()
        harness.press(.down, .enter)
        self.expectASCII(
            ScreenRenderer.render(harness.state, width: 80, height: 24, options: self.ascii), "endpoint-80x24-ascii")
    }

    /// A body that is not UTF-8 keeps its bytes on screen, in both modes.
    @Test func detailsShowTheBytesOfABodyThatIsNotUTF8() throws {
        var state = try ScreenFixtures.busyState()
        var entry = ScreenFixtures.entry(
            6, "POST", "/upload/東京", .answered(200), ms: 1, endpoint: "login", mode: .success)
        entry.sequence = 42
        // `café \n`, a line break, `naïve`, in Latin-1.
        let exchange = FakeExchange(
            requestHeaders: [("Host", "127.0.0.1:8080"), ("Content-Type", "text/plain; charset=latin1")],
            requestBodyBytes: [0x63, 0x61, 0x66, 0xE9, 0x20, 0x5C, 0x6E, 0x0A, 0x6E, 0x61, 0xEF, 0x76, 0x65],
            responseHeaders: [("Content-Type", "application/json")], responseBody: Array(#"{"ok":"日本"}"#.utf8))
        entry.details = exchange
        _ = Reducer.reduce(
            &state, .details(DetailsFormatter.view(entry, signature: "POST /login")), width: 80, height: 24)
        let unicode = ScreenRenderer.render(state, width: 80, height: 24, options: self.plain)
        #expect(unicode.text.contains(#"  caf\xE9 \n"#))
        #expect(unicode.text.contains(#"  na\xEFve"#))
        #expect(unicode.text.contains(#""ok": "日本""#))
        self.expectASCII(
            ScreenRenderer.render(state, width: 80, height: 24, options: self.ascii), "details-80x24-ascii")
    }

    /// Opened on an ASCII terminal, a view holds the lines as drawn, so the
    /// last scroll position counts the rows the escapes really take.
    @Test func detailsOpenedOnAnASCIITerminalScrollToTheirLastLine() {
        var line = DetailsView.Line("  token: " + String(repeating: "東", count: 30))
        line.revealed = "  secret: é"
        let view = DetailsView(title: "#1  GET /東", lines: [line, .init("end")]).forASCII()
        #expect(view.title == #"#1  GET /\xE6\x9D\xB1"#)
        #expect(view.lines[1].text == "end")
        #expect(view.lines[0].revealed == #"  secret: \xC3\xA9"#)
        #expect(view.lines.allSatisfy { $0.text.unicodeScalars.allSatisfy { $0.isASCII } })
        // 9 + 30 × 12 columns: five rows of 79, so the end is reached from line 0.
        #expect(DetailsScreen.lastScroll(view, rows: 6, width: 79) == 0)
        #expect(DetailsScreen.lastScroll(view, rows: 5, width: 79) == 1)
    }

    private func expectASCII(
        _ grid: Grid, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        expectGolden(grid, name, sourceLocation: sourceLocation)
        let others = grid.text.unicodeScalars.filter { !$0.isASCII }
        #expect(
            others.isEmpty, "not ASCII: \(String(String.UnicodeScalarView(others)))", sourceLocation: sourceLocation)
    }
}
