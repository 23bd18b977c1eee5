import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// A rate-limited `live` endpoint: its relayed answers carry the
/// `RateLimit-*` headers as a fixture's do, and so does the 502 when the
/// upstream fails; past the limit the 429 comes without asking the
/// upstream. On the embedded event loop with a scripted upstream
/// (`LiveWire`); `2/min` refills a token every 30 s and no clock moves.
@Suite struct LiveRateLimitTests {
    static let manifest = """
        endpoints:
          - { id: json, method: GET, path: /json, mode: live, rate_limit: 2/min }
          - { id: broken, method: GET, path: /reset, mode: live, rate_limit: 5/min }
        """

    @Test func relayedAnswersCarryTheHeadersAndTheThirdIsRefused() throws {
        let live = try LiveWire(Self.manifest)
        var answers: [HTTPResult] = []
        for _ in 0..<3 {
            answers.append(
                try live.get("/json") { try $0.answer(.ok, ["ETag": #""v1""#, "Content-Length": "2"], body: "{}") })
        }
        #expect(answers.map(\.status) == [200, 200, 429])
        #expect(live.upstream.requests.count == 2, "the 429 does not ask the upstream")
        #expect(answers.map { $0.header("RateLimit-Limit") } == ["2", "2", "2"])
        #expect(answers.map { $0.header("RateLimit-Remaining") } == ["1", "0", "0"])
        #expect(answers.allSatisfy { $0.header("RateLimit-Reset").flatMap(Int.init) != nil })
        // The upstream's own headers come through beside them.
        #expect(answers[0].header("ETag") == #""v1""#)
        #expect(answers[2].header("Retry-After") != nil)
        let relayed = live.entries.filter { $0.upstream != nil }
        #expect(relayed.map { $0.details?.responseHeader("RateLimit-Remaining") } == ["1", "0"])
    }

    @Test func theGatewayErrorForAFailedUpstreamCarriesThemToo() throws {
        let live = try LiveWire(Self.manifest)
        let answer = try live.get("/reset") {
            try $0.fail(UpstreamFailure(status: .badGateway, words: "connection reset"))
        }
        #expect(answer.status == 502, "\(answer.head)")
        #expect(answer.header("RateLimit-Limit") == "5")
        #expect(answer.header("RateLimit-Remaining") == "4")
    }

    @Test func theyReplaceTheUpstreamsOwn() throws {
        // The upstream is limited to 100/s: its client, the proxy, is what
        // is limited to 2/min.
        let live = try LiveWire(Self.manifest)
        let answer = try live.get("/json") {
            try $0.answer(
                .ok,
                [
                    "Content-Length": "2", "RateLimit-Limit": "100", "RateLimit-Remaining": "99",
                    "RateLimit-Reset": "1",
                ], body: "{}")
        }
        #expect(answer.header("RateLimit-Limit") == "2", "\(answer.head)")
        #expect(answer.header("RateLimit-Remaining") == "1")
        #expect(answer.head.components(separatedBy: "RateLimit-Limit").count == 2, "one of each")
    }
}
