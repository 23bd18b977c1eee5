import SwitchboardCore
import SwitchboardModel
import Testing

/// `serve` copies the outcome part of a line from the last line when the
/// entry shares its outcome (`JournalLineCache`): every line must still be
/// byte for byte the line written without it, whatever came before.
@Suite struct JournalLineCacheTests {
    static func entry(_ target: String, sequence: Int, outcome: JournalEntry.Outcome) -> JournalEntry {
        var entry = JournalEntry(
            time: 1_763_812_862.007 + Double(sequence), method: "GET", target: target, status: .answered(200),
            durationNanoseconds: 187_000 + Int64(sequence), firstByteNanoseconds: nil, outcome: outcome,
            details: nil)
        entry.sequence = sequence
        return entry
    }

    /// The lines of `entries` written one after another through one cache.
    static func cachedLines(_ entries: [JournalEntry], redact: Bool = true) -> [String] {
        var cache = JournalLineCache()
        return entries.map { entry in
            var out = JSONByteWriter()
            entry.appendJSONLine(to: &out, redact: redact, reusing: &cache)
            return out.withBytes { String(decoding: $0, as: UTF8.self) }
        }
    }

    @Test func sharedChangedAndOtherOutcomesWriteTheLinesTheyWouldAlone() {
        let fixture = JournalEntry.Outcome(endpointID: "coinlist", mode: .success, latency: nil)
        var failing = fixture
        failing.mode = .serverError
        var limited = fixture
        limited.rateLimited = RateLimited(limit: RateLimit(count: 5, per: .second), early: .milliseconds(400))
        var live = JournalEntry.Outcome(endpointID: nil, mode: .live, latency: nil)
        live.upstream = UpstreamOutcome(time: .microseconds(1500), failure: "connection refused")
        let unmatched = JournalEntry.Outcome(
            endpointID: nil, mode: nil, latency: nil,
            unmatched: Unmatched(closestID: "a", closest: "GET /a", reason: "no endpoint", short: "needs ?lat"))
        var rejected = JournalEntry.Outcome(endpointID: nil, mode: nil, latency: nil)
        rejected.rejection = "headers too large"
        var entries = [
            Self.entry("/data/all/coinlist", sequence: 1, outcome: fixture),
            Self.entry("/data/all/coinlist", sequence: 2, outcome: fixture),
            Self.entry("/data/all/coinlist?api_key=sk_SECRET", sequence: 3, outcome: fixture),
            Self.entry("/other", sequence: 4, outcome: fixture),
            Self.entry("/data/all/coinlist", sequence: 5, outcome: failing),
            Self.entry("/data/all/coinlist", sequence: 6, outcome: fixture),
            Self.entry("/data/all/coinlist", sequence: 7, outcome: limited),
            Self.entry("/live", sequence: 8, outcome: live),
            Self.entry("/nowhere", sequence: 9, outcome: unmatched),
            Self.entry("/bad", sequence: 10, outcome: rejected),
            Self.entry("/data/all/coinlist", sequence: 11, outcome: fixture),
        ]
        // A field of one entry changed after it was made: its outcome is its
        // own from then on, the next entry's still the shared one.
        entries.append(Self.entry("/data/all/coinlist", sequence: 12, outcome: fixture))
        entries[11].endpointID = "changed"
        entries.append(Self.entry("/data/all/coinlist", sequence: 13, outcome: fixture))
        for redact in [true, false] {
            let cached = Self.cachedLines(entries, redact: redact)
            #expect(cached == entries.map { $0.jsonLine(redact: redact) + "\n" })
        }
        #expect(Self.cachedLines(entries)[11].contains(#""endpoint":"changed""#))
        #expect(Self.cachedLines(entries)[12].contains(#""endpoint":"coinlist""#))
        #expect(Self.cachedLines(entries)[2].contains(#""query":"api_key=REDACTED""#))
    }

    /// An outcome changed in place, where nothing else holds it, is still
    /// seen as changed: the cache holds the one it wrote.
    @Test func anOutcomeChangedInPlaceAfterItWasWrittenIsWrittenAgain() {
        var cache = JournalLineCache()
        var entry = Self.entry(
            "/a", sequence: 1, outcome: JournalEntry.Outcome(endpointID: "a", mode: .success, latency: nil))
        var out = JSONByteWriter()
        entry.appendJSONLine(to: &out, redact: true, reusing: &cache)
        entry.latency = "3g"
        out.removeAll()
        entry.appendJSONLine(to: &out, redact: true, reusing: &cache)
        #expect(out.withBytes { String(decoding: $0, as: UTF8.self) } == entry.jsonLine + "\n")
    }
}
