public import SwitchboardCore
public import SwitchboardModel

/// One request in the log pane, already escaped for the terminal, or a
/// marker: a change of settings, drawn between the requests it affected.
public struct LogLine: Equatable, Sendable {
    public var sequence: Int
    /// Seconds since 1970, formatted at render time in the local zone.
    public var time: Double
    public var method: String
    /// Path and query, escaped (`\x1B` instead of an escape character),
    /// query credentials masked (`?api_key=••••3456`).
    public let target: String
    /// `target` as sent, when masking changed it: what `v` shows.
    public let revealedTarget: String?
    /// `target` lowercased once, for the text filter (which runs on every
    /// line, every frame).
    public let searchableTarget: String
    public var status: JournalEntry.Status
    public var durationMS: Double
    public var delayMS: Double
    public var endpointID: String?
    public var mode: String?
    /// The endpoint's setting when it picked `mode` (`flaky:25`, `sequence`).
    public var setting: String?
    public var latency: String?
    /// What the request's `Prefer` header chose: its mode, latency or
    /// toxics, each said `(Prefer)` on the line.
    public var forced = Decision.Forced()
    /// The latency profile's faults chose `mode`, not the setting or
    /// `Prefer`: the line blames the network (`reset · lossy-3g`).
    public var networkFault = false
    /// `episodes/99.json`: the fixture file a 404 success did not find.
    public var missingFixture: String?
    /// A status line went out but the answer was cut short (`truncated`,
    /// or a `limit_data` toxic that cut it): a fault, drawn as one rather
    /// than as the 200 it started as.
    public var cutShort = false
    /// The connection toxics the answer went out with (`slicer`), if any.
    public var toxics = Toxics.none
    /// `needs ?lat&lon`: what an unmatched request lacked.
    public var unmatchedWhy: String?
    /// `GET /data/all/coinlist` when the request matched no endpoint.
    public var closest: String?
    public var unmatched: Bool
    /// Why the request was refused before routing (malformed, too large).
    public var rejection: String?
    /// How it breaks its endpoint's OpenAPI description: the first way,
    /// and how many more (`body.price: expected number (+2)`).
    public var invalid: String?
    /// How the real API's answer breaks the description (`live`), the
    /// same way: `body.id: expected integer (+1)`.
    public var drift: String?
    /// For a request that went to the upstream: `live 12ms`, or
    /// `live ✗ connection refused`.
    public var upstream: String?
    public var upstreamFailed = false
    /// Refused by a rate limit: the limit (`5/s`).
    public var rateLimited: String?
    /// `retried 0.4 s early`: the client came back before its Retry-After.
    public var retriedEarly: String?
    /// For a marker line: `login → server_error  (drill bad-day, step 2)`.
    /// A marker has the sequence number of the request line before it, so
    /// the log stays in sequence order; the cursor steps over it.
    public var marker: String?
    /// A marker made by key: what it set (`MarkerBurst.topic`), so the
    /// next press of a burst replaces it.
    public var markerTopic: String?

    public init(change: PanelChange, after sequence: Int) {
        self.sequence = sequence
        self.time = change.time
        self.method = ""
        self.target = ""
        self.revealedTarget = nil
        self.searchableTarget = ""
        self.status = .noStatusLine
        self.durationMS = 0
        self.delayMS = 0
        self.unmatched = false
        self.marker = TerminalText.clean(change.text)
        self.markerTopic = MarkerBurst.topic(of: change)
    }

    /// Characters of a path and query a line keeps: more than any terminal
    /// row shows, and 2,000 lines of them stay a few MB however long the
    /// queries clients send (the details view shows the target whole).
    public static let targetLimit = 2_000

    /// `text`, or its first `targetLimit - 1` characters and `…`.
    static func kept(_ text: String) -> String {
        guard text.utf8.count > Self.targetLimit,
            let past = text.index(text.startIndex, offsetBy: Self.targetLimit, limitedBy: text.endIndex),
            past < text.endIndex
        else { return text }
        return String(text[..<text.index(before: past)]) + "…"
    }

    /// `text.lowercased()`; a target in ASCII without capitals (most) is
    /// already what it would give, and one with capitals (`%1B`) is
    /// lowercased byte by byte, not by the Unicode rules that text not in
    /// ASCII needs.
    static func lowercased(_ text: String) -> String {
        var text = text
        let capitals: Bool? = text.withUTF8 { bytes in
            if bytes.contains(where: { $0 >= 0x80 }) { return nil }
            return bytes.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
        }
        switch capitals {
        case false: return text
        case nil: return text.lowercased()
        case true:
            return text.withUTF8 { bytes in
                String(unsafeUninitializedCapacity: bytes.count) { buffer in
                    for (index, byte) in bytes.enumerated() {
                        buffer[index] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
                    }
                    return bytes.count
                }
            }
        }
    }

    public init(_ entry: JournalEntry) {
        self.sequence = entry.sequence
        self.time = entry.time
        self.method = TerminalText.escapeNetwork(entry.method)
        // Masked whole, then cut: a credential past the cut is still masked.
        let masked = Credentials.maskedTarget(entry.target)
        self.target = Self.kept(TerminalText.escapeNetwork(masked ?? entry.target))
        self.revealedTarget = masked.map { _ in Self.kept(TerminalText.escapeNetwork(entry.target)) }
        self.searchableTarget = Self.lowercased(self.target)
        self.status = entry.status
        self.durationMS = entry.duration.milliseconds
        self.delayMS = entry.injectedDelay.milliseconds
        self.endpointID = entry.endpointID
        self.mode = entry.mode?.name
        self.setting = entry.setting?.name
        self.latency = entry.latency
        self.forced = entry.forced
        self.networkFault = entry.networkFault
        self.cutShort = entry.cutShort || entry.mode == .truncated
        self.toxics = entry.toxics
        self.missingFixture = entry.missingFixture.map(TerminalText.clean)
        self.unmatchedWhy = entry.unmatched?.short.map(TerminalText.clean)
        self.closest = entry.unmatched?.closest.map(TerminalText.clean)
        self.unmatched = entry.unmatched != nil
        self.rejection = entry.rejection.map(TerminalText.clean)
        self.invalid = Self.first(of: entry.invalid)
        self.drift = Self.first(of: entry.drift)
        self.upstream = entry.upstream.map { TerminalText.clean($0.summary) }
        self.upstreamFailed = entry.upstream?.failure != nil
        self.rateLimited = entry.rateLimited?.limit.description
        self.retriedEarly = entry.rateLimited?.earlyText
    }

    /// The first violation and how many more; `nil` for none.
    private static func first(of violations: [ContractViolation]) -> String? {
        guard let first = violations.first else { return nil }
        let more = violations.count > 1 ? " (+\(violations.count - 1))" : ""
        return TerminalText.clean(first.description) + more
    }
}
