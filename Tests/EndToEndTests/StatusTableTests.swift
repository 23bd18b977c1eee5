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

    /// Review item 3: a limited or toxic endpoint never looks like a plain one.
    @Test func theTableShowsLimitsKeysToxicsAndCountRuleProgress() {
        let panel = PanelStatus(
            scenario: nil, totalRequests: 3, unmatchedRequests: 0,
            endpoints: [
                EndpointStatus(
                    id: "limited", method: "GET", path: "/limited", mode: "success", latency: "3g", hits: 2,
                    lastStatus: 429, startMode: "success", startLatency: nil, sequence: nil, rateLimit: "3/s",
                    toxics: ["slicer"]),
                EndpointStatus(
                    id: "keyed", method: "GET", path: "/keyed", mode: "success", latency: nil, hits: 0,
                    lastStatus: nil, startMode: "success", startLatency: nil, sequence: nil, rateLimit: "2/s",
                    rateLimitKey: "X-Client"),
                EndpointStatus(
                    id: "retry", method: "GET", path: "/retry", mode: "fail_first:2", latency: nil, hits: 1,
                    lastStatus: 500, startMode: "success", startLatency: nil, sequence: nil, counted: 1),
            ], latencyProfiles: [], scenarios: [], modes: [])
        let lines = StatusTable.render(panel, url: "http://127.0.0.1:8080").split(separator: "\n").map(String.init)
        #expect(lines[1].hasPrefix("ID       METHOD  PATH      MODE"))
        #expect(lines[1].contains("LIMIT") && lines[1].contains("TOXICS"))
        #expect(lines[2].contains("3/s") && lines[2].contains("slicer"), "\(lines)")
        #expect(lines[3].contains("2/s per X-Client"), "\(lines)")
        #expect(lines[4].contains("fail_first:2 (1 of 2 failed)"), "\(lines)")
    }
}
