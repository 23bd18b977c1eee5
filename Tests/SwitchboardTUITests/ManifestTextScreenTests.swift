import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardTUI

/// Issue 13, parts 11 and 12: text from the manifest (paths, scenario
/// names, required headers) is drawn as request text is, at its real width
/// on a UTF-8 terminal and as `\xHH` bytes on any other; the request the
/// screen suggests is one that matches when pasted.
@Suite struct ManifestTextScreenTests {
    let plain = RenderOptions(color: false, unicode: true, utcOffset: 0)
    let ascii = RenderOptions(color: false, unicode: false, utcOffset: 0)

    static let manifest = """
        endpoints:
          - id: tokyo
            method: GET
            path: /café/東京
          - id: greeting
            method: GET
            path: /greeting
            headers: { X-Lang: 日本 }
          - id: files
            method: GET
            path: /files/*
            success: { file: "{*}" }
        scenarios:
          ünïcode-東京: { tokyo: { mode: error } }
        """

    static func fixtures() -> MemoryFixtures {
        MemoryFixtures(Self.manifest, textFiles: ["a.json": #"{"a":1}"#])
    }

    /// The screen after a request that lacked the header `greeting` needs.
    static func harness(_ fixtures: MemoryFixtures, width: Int = 100, height: Int = 24) throws -> ScreenHarness {
        let panel = try fixtures.panel()
        let harness = ScreenHarness(panel: panel, width: width, height: height)
        guard
            case .unmatched(let why) = panel.snapshot().table.route(
                method: "GET", target: RequestTarget(uri: "/greeting"), header: { _ in nil })
        else {
            Issue.record("/greeting without X-Lang matched")
            return harness
        }
        var entry = ScreenFixtures.entry(2, "GET", "/greeting", .answered(404), ms: 0.4, endpoint: nil)
        entry.unmatched = why
        entry.sequence = 1
        harness.journal.record(entry)
        harness.frame()
        return harness
    }

    @Test func manifestPathsAndReasonsKeepTheirLettersOnAUTF8Terminal() throws {
        let fixtures = Self.fixtures()
        let harness = try Self.harness(fixtures)
        let grid = ScreenRenderer.render(harness.state, width: 100, height: 24, options: self.plain)
        expectGolden(grid, "manifest-text-100x24")
        #expect(grid.text.contains("GET    /café/東京 "))
        #expect(grid.text.contains("UNMATCHED: needs X-Lang: 日本"))
        #expect(!grid.text.contains(#"\u{"#))
        for y in 0..<grid.height { #expect(TerminalText.columns(grid.row(y)) == 100, "row \(y)") }
    }

    @Test func manifestTextIsBytesOnAnASCIITerminal() throws {
        let fixtures = Self.fixtures()
        let harness = try Self.harness(fixtures)
        let grid = ScreenRenderer.render(harness.state, width: 100, height: 24, options: self.ascii)
        expectGolden(grid, "manifest-text-100x24-ascii")
        #expect(grid.text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(grid.text.contains(#"/caf\xC3\xA9/\xE6\x9D\xB1\xE4\xBA\xAC "#))
        #expect(grid.text.contains(#"UNMATCHED: needs X-Lang: \xE6\x97"#))
    }

    @Test func thePickerShowsAScenarioNameInAnyScript() throws {
        let fixtures = Self.fixtures()
        let harness = try Self.harness(fixtures, width: 80)
        harness.press(.char("s"))
        let unicode = ScreenRenderer.render(harness.state, width: 80, height: 24, options: self.plain)
        #expect(unicode.text.contains("> ünïcode-東京 "))
        let ascii = ScreenRenderer.render(harness.state, width: 80, height: 24, options: self.ascii)
        #expect(ascii.text.contains(#"> \xC3\xBCn\xC3\xAFcode-\xE6\x9D\xB1\xE4\xBA\xAC "#))
        #expect(ascii.text.unicodeScalars.allSatisfy { $0.isASCII })
    }

    /// The endpoint view's `try:` URL is percent-encoded, and the server
    /// routes what it names to the endpoint the view is about.
    @Test func theEndpointViewSuggestsAURLThatMatchesWhenPasted() throws {
        let fixtures = Self.fixtures()
        let harness = try Self.harness(fixtures, width: 80)
        harness.press(.enter)
        let view = try #require(harness.state.details)
        #expect(view.title == "tokyo  GET /café/東京")
        let lines = view.lines.map(\.text)
        #expect(lines.contains("  try: curl 'http://127.0.0.1:8080/caf%C3%A9/%E6%9D%B1%E4%BA%AC'"))
        expectGolden(try #require(harness.terminal.frames.last), "manifest-text-endpoint-80x24")
        expectGolden(
            ScreenRenderer.render(harness.state, width: 80, height: 24, options: self.ascii),
            "manifest-text-endpoint-80x24-ascii")
        let table = harness.panel.snapshot().table
        for row in harness.state.endpoints {
            let headers = Dictionary(
                uniqueKeysWithValues: row.example.headers.map { header in
                    let colon = header.firstIndex(of: ":")!
                    return (header[..<colon].lowercased(), String(header[colon...].dropFirst(2)))
                })
            let route = table.route(
                method: "GET", target: RequestTarget(uri: row.example.target), header: { headers[$0.lowercased()] })
            guard case .matched(let index, _) = route else {
                Issue.record("\(row.example.target) did not match \(row.id)")
                continue
            }
            #expect(table.endpoints[index].id == row.id)
        }
    }

    /// `GET /files/*` with `file: "{*}"`: the suggestion names a file that
    /// is there, as the endpoint view's preview does.
    @Test func aFileNamedByTheRequestIsSuggestedByAFileThatExists() throws {
        let fixtures = Self.fixtures()
        let manifest = try fixtures.load()
        let files = try #require(manifest.endpoints.first { $0.id == "files" })
        #expect(ExampleRequest(files).target == "/files/a.json")
        let demo = try ScreenFixtures.demoPanel().snapshot().manifest.endpoints
        let episode = try #require(demo.first { $0.id == "episode" })
        #expect(ExampleRequest(episode).target == "/episodes/1")
        let person = try #require(demo.first { $0.id == "person" })
        #expect(ExampleRequest(person).target == "/api/getPerson?id=1")
    }
}
