import SwitchboardControl
import SwitchboardTUI
import Testing

@testable import switchboard

/// `switchboard status`: every column starts at the same terminal column on
/// every row, whatever script the paths are in.
@Suite struct StatusTableTests {
    static func endpoint(_ id: String, _ path: String, mode: String = "success") -> EndpointStatus {
        EndpointStatus(
            id: id, method: "GET", path: path, mode: mode, latency: nil, hits: 3, lastStatus: 200,
            startMode: "success", startLatency: nil, sequence: nil)
    }

    @Test func aPathInCJKLinesUpWithTheHeaderByDisplayWidth() throws {
        let panel = PanelStatus(
            scenario: nil, totalRequests: 6, unmatchedRequests: 0,
            endpoints: [Self.endpoint("unicode", "/café/東京"), Self.endpoint("plain", "/weather/today")],
            latencyProfiles: [], scenarios: [], modes: [])
        let lines = StatusTable.render(panel, url: "http://127.0.0.1:8080").split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        let header = try #require(lines.first { $0.hasPrefix("ID") })
        let modeColumn = TerminalText.columns(header[..<header.range(of: "MODE")!.lowerBound])
        for row in lines.dropFirst(2) {
            let mode = try #require(row.range(of: "success"))
            #expect(TerminalText.columns(row[..<mode.lowerBound]) == modeColumn, "\(row)")
        }
        #expect(lines[2].contains("/café/東京"))
    }

    @Test func controlCharactersInANameAreEscaped() {
        let panel = PanelStatus(
            scenario: "a\u{1B}[2J", totalRequests: 0, unmatchedRequests: 0,
            endpoints: [Self.endpoint("x", "/a\u{202E}b")], latencyProfiles: [], scenarios: [], modes: [])
        let text = StatusTable.render(panel, url: "http://127.0.0.1:8080")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(text.contains(#"scenario: a\x1B[2J"#))
        #expect(text.contains(#"/a\u{202e}b"#))
    }
}
