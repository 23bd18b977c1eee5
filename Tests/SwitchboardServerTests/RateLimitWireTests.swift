import Foundation
import NIOEmbedded
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// A rate-limited endpoint on the wire, on the embedded event loop: its
/// clock moves only when the test moves it, so "quick requests" and "came
/// back 0.4 s early" are exact.
@Suite struct RateLimitWireTests {
    static let manifest = """
        endpoints:
          - { id: limited, method: GET, path: /limited, rate_limit: 5/s, success: { json: { ok: true } } }
          - { id: keyed, method: GET, path: /keyed, rate_limit: 1/s, rate_limit_key: Authorization }
          - { id: free, method: GET, path: /free, success: { json: { ok: true } } }
        """

    static func get(_ path: String, headers: String = "") -> String {
        "GET \(path) HTTP/1.1\r\nHost: test\r\n\(headers)\r\n"
    }

    @Test func sixQuickRequestsToFivePerSecondGetFive200sThenA429() throws {
        let wire = try WireHarness(manifest: Self.manifest)
        let responses = try (0..<6).map { _ in try wire.response(to: Self.get("/limited")) }
        #expect(responses.map(\.status) == [200, 200, 200, 200, 200, 429])
        #expect(responses.map { $0.header("RateLimit-Remaining") } == ["4", "3", "2", "1", "0", "0"])
        #expect(responses.allSatisfy { $0.header("RateLimit-Limit") == "5" })
        #expect(responses.allSatisfy { $0.header("RateLimit-Reset") == "1" })
        // Within the limit the endpoint answers as its mode says.
        #expect(responses[0].text == #"{"ok":true}"#)
        let refused = responses[5]
        #expect(refused.header("Retry-After") == "1")
        #expect(refused.header("Content-Type") == "application/json")
        let body = try refused.json()
        #expect(body["error"] as? String == "rate_limited")
        #expect(body["retry_after"] as? Int == 1)
        #expect((body["message"] as? String)?.contains("GET /limited allows 5/s") == true)
        let entries = wire.entries
        #expect(entries.map(\.status) == Array(repeating: .answered(200), count: 5) + [.answered(429)])
        #expect(entries[5].rateLimited == RateLimited(limit: .perSecond(5)))
        #expect(entries[5].endpointID == "limited")
        #expect(entries[0].rateLimited == nil)
        #expect(entries[5].jsonLine.contains(#""rate_limited":"5/s""#))
        #expect(!entries[5].jsonLine.contains("retried_early_ms"))
    }

    @Test func aRetryBeforeRetryAfterIsRefusedAgainAndFlaggedEarly() throws {
        let wire = try WireHarness(manifest: Self.manifest)
        for _ in 0..<6 { _ = try wire.response(to: Self.get("/limited")) }
        // A token is back after 0.2 s, but the client was told 1 s.
        wire.advance(by: .milliseconds(600))
        let early = try wire.response(to: Self.get("/limited"))
        #expect(early.status == 429)
        #expect(early.header("Retry-After") == "1")
        let entry = try #require(wire.entries.last)
        #expect(entry.rateLimited?.early == .milliseconds(400))
        #expect(entry.rateLimited?.earlyText == "retried 0.4 s early")
        #expect(entry.jsonLine.contains(#""retried_early_ms":400.000"#))
        // One that honours Retry-After is served.
        wire.advance(by: .milliseconds(400))
        let honest = try wire.response(to: Self.get("/limited"))
        #expect(honest.status == 200)
        #expect(wire.entries.last?.rateLimited == nil)
    }

    /// Review item 2 on the wire: a second connection refused in the same
    /// burst is not early (it never saw a 429 before); the first, retrying
    /// on its keep-alive connection, is; a third connection arriving once
    /// a token is back is served.
    @Test func onlyTheConnectionThatWasRefusedIsFlaggedEarly() throws {
        let loop = EmbeddedEventLoop()
        let panel = try MemoryFixtures(Self.manifest).panel()
        let journal = RequestJournal(capacity: 100)
        let first = try WireHarness(panel: panel, journal: journal, loop: loop)
        let second = try WireHarness(panel: panel, journal: journal, loop: loop)
        let third = try WireHarness(panel: panel, journal: journal, loop: loop)
        for _ in 0..<6 { _ = try first.response(to: Self.get("/limited")) }
        #expect(try second.response(to: Self.get("/limited")).status == 429)
        #expect(journal.entries(after: 0).entries.allSatisfy { $0.rateLimited?.early == nil })
        first.advance(by: .milliseconds(600))
        #expect(try first.response(to: Self.get("/limited")).status == 429)
        let retried = try #require(journal.entries(after: 0).entries.last)
        #expect(retried.rateLimited?.earlyText == "retried 0.4 s early")
        let newcomer = try third.response(to: Self.get("/limited"))
        #expect(newcomer.status == 200)
        #expect(journal.entries(after: 0).entries.last?.rateLimited == nil)
    }

    @Test func aKeyHeaderGivesEachClientItsOwnBucket() throws {
        let wire = try WireHarness(manifest: Self.manifest)
        let alice = "Authorization: Bearer alice\r\n"
        #expect(try wire.response(to: Self.get("/keyed", headers: alice)).status == 200)
        #expect(try wire.response(to: Self.get("/keyed", headers: alice)).status == 429)
        #expect(try wire.response(to: Self.get("/keyed", headers: "Authorization: Bearer bob\r\n")).status == 200)
    }

    /// The common answer is the prebuilt bytes with the three lines spliced
    /// in; every other way of writing it (HTTP/1.0, a closing request, HEAD)
    /// and the journal must carry the same headers.
    @Test func theHeadersGoOutHoweverTheAnswerIsWrittenAndAreJournaled() throws {
        let requests = [
            Self.get("/limited"),
            "GET /limited HTTP/1.0\r\nHost: test\r\nConnection: keep-alive\r\n\r\n",
            "HEAD /limited HTTP/1.1\r\nHost: test\r\n\r\n",
            Self.get("/limited", headers: "Connection: close\r\n"),
        ]
        let wire = try WireHarness(manifest: Self.manifest)
        let responses = try requests.map { try wire.response(to: $0) }
        #expect(responses.map(\.status) == [200, 200, 200, 200])
        #expect(responses.map { $0.header("RateLimit-Remaining") } == ["4", "3", "2", "1"])
        #expect(responses.allSatisfy { $0.header("RateLimit-Limit") == "5" && $0.header("RateLimit-Reset") == "1" })
        #expect(responses.allSatisfy { $0.header("Content-Type") == "application/json" })
        #expect(responses[0].text == #"{"ok":true}"#)
        #expect(responses[3].text == #"{"ok":true}"#)
        for (entry, remaining) in zip(wire.entries, ["4", "3", "2", "1"]) {
            let headers = try #require(entry.details).responseHeaders
            #expect(headers.filter { $0.name == "RateLimit-Remaining" }.map(\.value) == [remaining])
            #expect(headers.filter { $0.name == "RateLimit-Limit" }.map(\.value) == ["5"])
        }
    }

    @Test func anEndpointWithoutALimitKeepsItsPrebuiltAnswerAndNoHeaders() throws {
        let wire = try WireHarness(manifest: Self.manifest)
        let responses = try (0..<10).map { _ in try wire.response(to: Self.get("/free")) }
        #expect(responses.allSatisfy { $0.status == 200 && $0.header("RateLimit-Limit") == nil })
    }

    @Test func theControlAPISetsShowsAndRemovesALimit() throws {
        let wire = try WireHarness(manifest: Self.manifest)
        let put = { (body: String) in
            try wire.response(
                to:
                    "PUT /__switchboard/endpoints/free HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
        }
        let set = try put(#"{"rate_limit":"1/min"}"#)
        #expect(set.status == 200)
        #expect(try set.json()["rate_limit"] as? String == "1/min")
        #expect(try wire.response(to: Self.get("/free")).status == 200)
        let refused = try wire.response(to: Self.get("/free"))
        #expect(refused.status == 429)
        #expect(refused.header("Retry-After") == "60")

        let bad = try put(#"{"rate_limit":"lots"}"#)
        #expect(bad.status == 400)
        #expect(bad.text.contains("5/s or 60/min"))
        // A limit of the right shape but out of range says the range.
        let zero = try put(#"{"rate_limit":"0/s"}"#)
        #expect(zero.status == 400)
        #expect(zero.text.contains("a limit counts from 1 to 1000000 requests"), "\(zero.text)")

        let removed = try put(#"{"rate_limit":null}"#)
        // `null`, not a missing key: docs/control-api-and-cli.md's "an absent value is null".
        #expect(try removed.json()["rate_limit"] is NSNull)
        #expect(try removed.json()["rate_limit_key"] is NSNull)
        #expect(try wire.response(to: Self.get("/free")).status == 200)
    }

    /// Review item 4: a per-client limit from the control API, shown in
    /// its answer; `null` returns to one bucket; a bad name is refused.
    @Test func theControlAPISetsAndRemovesAPerClientKey() throws {
        let wire = try WireHarness(manifest: Self.manifest)
        let put = { (body: String) in
            try wire.response(
                to:
                    "PUT /__switchboard/endpoints/free HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
        }
        let set = try put(#"{"rate_limit":"1/min","rate_limit_key":"X-Client"}"#)
        #expect(set.status == 200, "\(set.text)")
        #expect(try set.json()["rate_limit_key"] as? String == "X-Client")
        let alice = "X-Client: alice\r\n"
        #expect(try wire.response(to: Self.get("/free", headers: alice)).status == 200)
        #expect(try wire.response(to: Self.get("/free", headers: alice)).status == 429)
        #expect(try wire.response(to: Self.get("/free", headers: "X-Client: bob\r\n")).status == 200)

        let bad = try put(#"{"rate_limit_key":"X Client"}"#)
        #expect(bad.status == 400)
        #expect(bad.text.contains("is not a header name"), "\(bad.text)")

        let shared = try put(#"{"rate_limit_key":null}"#)
        #expect(try shared.json()["rate_limit_key"] is NSNull)
        #expect(try wire.response(to: Self.get("/free", headers: "X-Client: carol\r\n")).status == 200)
        #expect(try wire.response(to: Self.get("/free", headers: "X-Client: dave\r\n")).status == 429)
    }

    @Test func theInProcessPathGivesTheSame429AndHeaders() throws {
        let panel = try MemoryFixtures(
            """
            endpoints:
              - { id: slow, method: GET, path: /slow, rate_limit: 2/min }
            """
        ).panel()
        let journal = RequestJournal(capacity: 10)
        let answers = InProcessAnswers(panel: panel, journal: journal)
        // 2/min: a token takes 30 s to come back, far beyond this test's run.
        let three = (0..<3).map { _ in answers.answer(method: "GET", target: "/slow", headers: [], body: []) }
        for answer in three { answers.record(answer) }
        #expect(three.map(\.status) == [200, 200, 429])
        let header = { (answer: InProcessAnswer, name: String) in
            answer.headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
        #expect(three.map { header($0, "RateLimit-Remaining") } == ["1", "0", "0"])
        #expect(header(three[2], "Retry-After").flatMap(Int.init).map { (29...30).contains($0) } == true)
        #expect(journal.entries(after: 0).entries.last?.rateLimited == RateLimited(limit: .perMinute(2)))
    }
}
