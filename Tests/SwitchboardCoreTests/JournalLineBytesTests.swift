import Foundation
import SwitchboardCore
import SwitchboardModel
import Testing

/// The JSON line (`serve`'s stdout, `--log`) is a public format that
/// programs parse: its bytes are pinned here, for the common answer and for
/// one carrying every optional field, so that making it cheaper cannot
/// change it.
@Suite struct JournalLineBytesTests {
    /// The benchmark's answer: a fixture, no query, numbered by the journal.
    @Test func aFixtureAnswersLineKeepsItsBytes() {
        var entry = JournalEntry(
            time: 1_763_812_862.007, method: "GET", target: "/data/all/coinlist", status: .answered(200),
            duration: .microseconds(187), endpointID: "coinlist", mode: .success, latency: nil)
        entry.sequence = 4_021
        #expect(
            entry.jsonLine
                == #"{"time":"2025-11-22T12:01:02.007Z","method":"GET","path":"/data/all/coinlist","query":"","status":200,"duration_ms":0.187,"delay_ms":0.000,"endpoint":"coinlist","mode":"success","setting":"success","latency":null,"unmatched":false,"sequence":4021}"#
        )
    }

    /// Every optional field at once, text that must be escaped (a quote, a
    /// backslash, a control byte, non-ASCII), and a credential in the query.
    @Test func aLineWithEveryFieldKeepsItsBytes() {
        var entry = JournalEntry(
            time: 1_700_000_000.999, method: "POST", target: "/caf\u{e9}/\"q\"\\?api_key=sk_SECRET&x=%20",
            status: .answered(429), duration: .milliseconds(12_345), endpointID: "ép\u{1}", mode: .serverError,
            setting: .flaky(percent: 25), latency: "3g", injectedDelay: .milliseconds(2004),
            unmatched: Unmatched(closestID: "a", closest: "GET /a", reason: "x \"y\"", short: "needs ?lat"))
        entry.sequence = 12
        entry.toxics = Toxics(slicer: true, limitData: 10)
        entry.cutShort = true
        entry.forced = Decision.Forced(mode: .serverError, latency: true, toxics: true)
        entry.networkFault = true
        entry.rejection = "headers too large"
        entry.invalid = [
            ContractViolation(location: "body.items[0].price", message: "expected number"),
            ContractViolation(location: "query.limit", message: "must be \u{2264} 100 \"x\""),
        ]
        entry.rateLimited = RateLimited(limit: RateLimit(count: 5, per: .second), early: .milliseconds(400))
        entry.upstream = UpstreamOutcome(time: .microseconds(1500), failure: "connection refused")
        let expected =
            #"{"time":"2023-11-14T22:13:20.999Z","method":"POST","path":"/café/\"q\"\\","query":"api_key=REDACTED&x=%20","status":429,"duration_ms":12345.000,"delay_ms":2004.000,"endpoint":"ép\u0001","mode":"server_error","setting":"flaky:25","latency":"3g","toxics":"slicer,limit_data:10","cut_short":true,"reason":"needs ?lat","forced_by":"prefer","forced":"mode=server_error, latency=3g, toxics=slicer,limit_data:10","network_fault":true,"rejected":"headers too large","invalid":["body.items[0].price: expected number","query.limit: must be ≤ 100 \"x\""],"rate_limited":"5/s","retried_early_ms":400.000,"upstream_ms":1.500,"upstream":"live ✗ connection refused","unmatched":true,"closest":"GET /a","hint":"x \"y\"","sequence":12}"#
        #expect(entry.jsonLine == expected)
        #expect(
            entry.jsonLine(redact: false)
                == expected.replacingOccurrences(of: "api_key=REDACTED", with: "api_key=sk_SECRET"))
    }
}
