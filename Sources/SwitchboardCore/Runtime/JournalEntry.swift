public import SwitchboardModel

/// One answered (or abandoned) request, as the log, the screen and the
/// control API show it.
public struct JournalEntry: Sendable {
    /// Increases by one per entry, from 1; survives a clear.
    public var sequence: Int
    /// When the request arrived, in seconds since 1970.
    public var time: Double
    public var method: String
    /// The request target exactly as sent (path and query).
    public var target: String
    /// The status line sent, or why there was none.
    public var status: Status
    /// From the request's arrival to the last byte of the response.
    public var duration: Duration
    /// The endpoint that answered; `nil` for an unmatched request.
    public var endpointID: String?
    /// What this request got (never flaky, sequence or a count rule).
    public var mode: Mode?
    /// The endpoint's own setting when it differs from `mode` (`flaky:25`;
    /// `success` for an error a `Prefer` header asked for).
    public var setting: Mode?
    /// What the request's `Prefer` header chose in place of the endpoint's
    /// setting: its mode, latency or toxics.
    public var forced = Decision.Forced()
    /// The request chose its mode itself, with a `Prefer` header.
    public var preferred: Bool { self.forced.mode != nil }
    /// The latency profile's faults chose `mode` (a reset or a hang the
    /// network drew), not the endpoint's setting: `setting` is what the
    /// network overruled.
    public var networkFault = false
    /// The fixture file a `file:` response names that does not exist
    /// (`episodes/99.json`): why a success answered 404.
    public var missingFixture: String?
    public var latency: String?
    /// The delay that was deliberately added.
    public var injectedDelay: Duration
    /// From the request's arrival to the response's status line leaving;
    /// `nil` when none was sent or the path that answered does not say.
    public var firstByte: Duration?
    /// Set when no endpoint matched.
    public var unmatched: Unmatched?
    /// Set when the request was refused before any endpoint saw it
    /// (malformed, headers or body too large, too slow): why.
    public var rejection: String?
    /// Set for a request that went to the upstream (`live`).
    public var upstream: UpstreamOutcome?
    /// Set for a request its endpoint's rate limit refused (429).
    public var rateLimited: RateLimited?
    /// The connection toxics the answer went out with; none for most.
    public var toxics = Toxics.none
    /// A status line went out but the body stopped short of what it
    /// promised and the connection closed: `truncated`, or a `limit_data`
    /// toxic that cut this answer (one shorter than its limit is whole).
    public var cutShort = false
    /// Headers and bodies, while the journal's memory budget keeps them.
    public var details: (any ExchangeDetails)?

    public init(
        sequence: Int = 0, time: Double, method: String, target: String, status: Status, duration: Duration,
        endpointID: String?, mode: Mode?, setting: Mode? = nil, latency: String?, injectedDelay: Duration = .zero,
        unmatched: Unmatched? = nil, details: (any ExchangeDetails)? = nil
    ) {
        self.sequence = sequence
        self.time = time
        self.method = method
        self.target = target
        self.status = status
        self.duration = duration
        self.endpointID = endpointID
        self.mode = mode
        self.setting = setting == mode ? nil : setting
        self.latency = latency
        self.injectedDelay = injectedDelay
        self.unmatched = unmatched
        self.details = details
    }
}

/// A request a rate limit refused.
public struct RateLimited: Sendable, Hashable {
    /// The limit in force.
    public var limit: RateLimit
    /// The client came back this long before the `Retry-After` it had been
    /// given: it does not honour it.
    public var early: Duration?

    public init(limit: RateLimit, early: Duration? = nil) {
        self.limit = limit
        self.early = early
    }

    /// `retried 0.4 s early`, or `nil` for a client that waited.
    public var earlyText: String? {
        guard let early = self.early else { return nil }
        let seconds = Double(early.components.seconds) + Double(early.components.attoseconds) / 1e18
        let tenths = max(1, Int((seconds * 10).rounded()))
        return "retried \(tenths / 10).\(tenths % 10) s early"
    }
}
