import SwitchboardControl
import Testing

@testable import switchboard

/// Review item 3: `switchboard status` shows every setting that changes
/// answers — the limit with its key, the toxics, a count rule's progress —
/// so a limited or toxic endpoint never looks like a plain one.
@Suite struct StatusTableTests {
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
