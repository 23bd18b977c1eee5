import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

/// A rate-limited `live` endpoint, seen by curl: its relayed answers carry
/// the `RateLimit-*` headers as a fixture's do, and so does the 502 when
/// the upstream fails; past the limit the 429 comes without asking the
/// upstream. `2/min` refills a token every 30 s, so a slow machine cannot
/// give one back between the requests.
@Suite(.sharedUpstream) struct LiveRateLimitTests {
    static let manifest = """
        endpoints:
          - { id: json, method: GET, path: /json, mode: live, rate_limit: 2/min }
          - { id: broken, method: GET, path: /reset, mode: live, rate_limit: 5/min }
        """

    static func proxy(to port: Int) throws -> RunningServer {
        try LivePassthroughTests.proxy(to: port, manifest: Self.manifest)
    }

    static func header(_ name: String, _ head: String) -> String? {
        LivePassthroughTests.header(name, in: head)
    }

    @Test func relayedAnswersCarryTheHeadersAndTheThirdIsRefused() async throws {
        let upstream = try SharedUpstream.current
        try await Self.proxy(to: upstream.port).serving { proxy in
            var heads: [String] = []
            for _ in 0..<3 { heads.append(try await LivePassthroughTests.curl(proxy.url("/json")).head) }
            #expect(heads.map { $0.split(separator: " ").dropFirst().first } == ["200", "200", "429"])
            #expect(heads.map { Self.header("RateLimit-Limit", $0) } == ["2", "2", "2"])
            #expect(heads.map { Self.header("RateLimit-Remaining", $0) } == ["1", "0", "0"])
            #expect(heads.allSatisfy { Self.header("RateLimit-Reset", $0).flatMap(Int.init) != nil })
            // The upstream's own headers come through beside them.
            #expect(Self.header("ETag", heads[0]) == #""v1""#)
            #expect(Self.header("Retry-After", heads[2]) != nil)
            // A relayed answer is journaled when the upstream's end arrives.
            func relayed() -> [JournalEntry] { proxy.journal.entries(after: 0).entries.filter { $0.upstream != nil } }
            _ = await waitUntil { relayed().count == 2 }
            #expect(relayed().map { $0.details?.responseHeader("RateLimit-Remaining") } == ["1", "0"])
        }
    }

    @Test func theGatewayErrorForAFailedUpstreamCarriesThemToo() async throws {
        let upstream = try SharedUpstream.current
        try await Self.proxy(to: upstream.port).serving { proxy in
            let head = try await LivePassthroughTests.curl(proxy.url("/reset")).head
            #expect(head.hasPrefix("HTTP/1.1 502"), "\(head)")
            #expect(Self.header("RateLimit-Limit", head) == "5")
            #expect(Self.header("RateLimit-Remaining", head) == "4")
        }
    }

    @Test func theyReplaceTheUpstreamsOwn() async throws {
        // The upstream is a Switchboard limited to 100/s: its client, the
        // proxy, is what is limited to 2/min.
        let fixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - { id: json, method: GET, path: /json, rate_limit: 100/s }
                """)
        try await RunningServer(fixtures: fixtures).serving { upstream in
            try await Self.proxy(to: upstream.port).serving { proxy in
                let head = try await LivePassthroughTests.curl(proxy.url("/json")).head
                #expect(Self.header("RateLimit-Limit", head) == "2", "\(head)")
                #expect(Self.header("RateLimit-Remaining", head) == "1")
                #expect(head.components(separatedBy: "RateLimit-Limit").count == 2, "one of each")
            }
        }
    }
}
