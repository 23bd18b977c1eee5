import NIOHTTP1
import Testing

@testable import SwitchboardServer

/// The one pass over a request's headers says what NIO's own lookups
/// (`contains(name:)`, `first(name:)`) said before it, whatever the case.
@Suite struct HeaderFactsTests {
    @Test(arguments: [
        [("Host", "a")],
        [("host", "a"), ("HOST", "b")],
        [("Hosts", "a"), ("Hos", "b"), ("Origin", "x"), ("prefer", "mode=error")],
        [("Expect", "100-Continue"), ("Content-Length", "3")],
        [("expect", "nothing"), ("Expect", "100-continue")],
        [("EXPECT", "100-continue")],
        [("Origix", "x"), ("Prefex", "y"), ("Expecs", "z"), ("Xrigin", "w"), ("Gost", "h")],
        [("ORIGIN", "https://a.example"), ("X-Key", "1"), ("Prefer", "")],
        [],
    ])
    func agreesWithNIOsLookups(_ pairs: [(String, String)]) {
        let headers = HTTPHeaders(pairs)
        let facts = HeaderFacts(headers)
        #expect(facts.hosts == headers["Host"].count)
        #expect(facts.hasOrigin == headers.contains(name: "Origin"))
        #expect(facts.hasPrefer == headers.contains(name: "Prefer"))
        #expect(facts.expectsContinue == (headers.first(name: "Expect")?.lowercased() == "100-continue"))
    }

    @Test func theHostRuleCountsWhatTheFactsCount() {
        #expect(HostHeaderRule.problem(hosts: 1, version: .http1_1) == nil)
        #expect(HostHeaderRule.problem(hosts: 2, version: .http1_0) == "more than one Host header")
        #expect(HostHeaderRule.problem(hosts: 0, version: .http1_1) == "an HTTP/1.1 request needs a Host header")
        #expect(HostHeaderRule.problem(hosts: 0, version: .http1_0) == nil)
    }
}
