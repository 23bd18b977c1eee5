import NIOCore
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
        #expect(facts.size.count == pairs.count)
        #expect(facts.size.textBytes == pairs.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count })
    }

    /// The journal counts a request's headers against its memory budget
    /// from the connection's one pass: the same as counting them anew.
    @Test func theJournalCountsTheHeadersTheFactsCounted() {
        let head = HTTPRequestHead(
            version: .http1_1, method: .POST, uri: "/orders?expand=items",
            headers: HTTPHeaders([("Host", "localhost"), ("Authorization", "Bearer é-token"), ("X-Trace", "1")]))
        let response = CapturedResponse(headers: HTTPHeaders(), body: ByteBuffer(string: "{}"), sharesBody: false)
        let body = ByteBuffer(string: #"{"sku":1}"#)
        let counted = CapturedExchange(
            head: head, headerSize: HeaderFacts(head.headers).size, requestBody: body, requestBodySize: 9,
            response: response)
        let anew = CapturedExchange(head: head, requestBody: body, requestBodySize: 9, response: response)
        #expect(counted.retainedBytes == anew.retainedBytes)
        // 512, the target and the headers twice over (UTF-8), 96 a header, both bodies.
        #expect(anew.retainedBytes == 512 + 2 * 20 + 2 * (4 + 9 + 13 + 15 + 7 + 1) + 3 * 96 + 9 + 2)
    }

    @Test func theHostRuleCountsWhatTheFactsCount() {
        #expect(HostHeaderRule.problem(hosts: 1, version: .http1_1) == nil)
        #expect(HostHeaderRule.problem(hosts: 2, version: .http1_0) == "more than one Host header")
        #expect(HostHeaderRule.problem(hosts: 0, version: .http1_1) == "an HTTP/1.1 request needs a Host header")
        #expect(HostHeaderRule.problem(hosts: 0, version: .http1_0) == nil)
    }
}
