public import SwitchboardModel

/// One answered (or abandoned) request, as the log, the screen and the
/// control API show it.
///
/// A value, stored in one box: the journal hands each entry to its ring,
/// its feeds and their readers, and a copy is then a retain, not three
/// hundred bytes of strings and optionals retained one by one (the entry
/// was copied some five times a request). What the journal itself changes
/// after recording, the sequence number and the details it lets go of,
/// sits beside the box, so that changing it never copies the box.
public struct JournalEntry: Sendable {
    /// Increases by one per entry, from 1; survives a clear.
    public var sequence: Int
    /// Headers and bodies, while the journal's memory budget keeps them.
    public var details: (any ExchangeDetails)?
    private var box: CopyOnWrite<Fields>

    /// When the request arrived, in seconds since 1970.
    public var time: Double {
        get { self.box.fields.time }
        set { self.box.fields.time = newValue }
    }
    public var method: String {
        get { self.box.fields.method }
        set { self.box.fields.method = newValue }
    }
    /// The request target exactly as sent (path and query).
    public var target: String {
        get { self.box.fields.target }
        set { self.box.fields.target = newValue }
    }
    /// The status line sent, or why there was none.
    public var status: Status {
        get { self.box.fields.status }
        set { self.box.fields.status = newValue }
    }
    /// From the request's arrival to the last byte of the response.
    public var duration: Duration {
        get { self.box.fields.duration }
        set { self.box.fields.duration = newValue }
    }
    /// The endpoint that answered; `nil` for an unmatched request.
    public var endpointID: String? {
        get { self.box.fields.endpointID }
        set { self.box.fields.endpointID = newValue }
    }
    /// What this request got (never flaky, sequence or a count rule).
    public var mode: Mode? {
        get { self.box.fields.mode }
        set { self.box.fields.mode = newValue }
    }
    /// The endpoint's own setting when it differs from `mode` (`flaky:25`;
    /// `success` for an error a `Prefer` header asked for).
    public var setting: Mode? {
        get { self.box.fields.setting }
        set { self.box.fields.setting = newValue }
    }
    /// What the request's `Prefer` header chose in place of the endpoint's
    /// setting: its mode, latency or toxics.
    public var forced: Decision.Forced {
        get { self.box.fields.forced }
        set { self.box.fields.forced = newValue }
    }
    /// The request chose its mode itself, with a `Prefer` header.
    public var preferred: Bool { self.forced.mode != nil }
    /// The latency profile's faults chose `mode` (a reset or a hang the
    /// network drew), not the endpoint's setting: `setting` is what the
    /// network overruled.
    public var networkFault: Bool {
        get { self.box.fields.networkFault }
        set { self.box.fields.networkFault = newValue }
    }
    /// The fixture file a `file:` response names that does not exist
    /// (`episodes/99.json`): why a success answered 404.
    public var missingFixture: String? {
        get { self.box.fields.missingFixture }
        set { self.box.fields.missingFixture = newValue }
    }
    public var latency: String? {
        get { self.box.fields.latency }
        set { self.box.fields.latency = newValue }
    }
    /// The delay that was deliberately added.
    public var injectedDelay: Duration {
        get { self.box.fields.injectedDelay }
        set { self.box.fields.injectedDelay = newValue }
    }
    /// From the request's arrival to the response's status line leaving;
    /// `nil` when none was sent or the path that answered does not say.
    public var firstByte: Duration? {
        get { self.box.fields.firstByte }
        set { self.box.fields.firstByte = newValue }
    }
    /// Set when no endpoint matched.
    public var unmatched: Unmatched? {
        get { self.box.fields.unmatched }
        set { self.box.fields.unmatched = newValue }
    }
    /// Set when the request was refused before any endpoint saw it
    /// (malformed, headers or body too large, too slow): why.
    public var rejection: String? {
        get { self.box.fields.rejection }
        set { self.box.fields.rejection = newValue }
    }
    /// Set for a request that went to the upstream (`live`).
    public var upstream: UpstreamOutcome? {
        get { self.box.fields.upstream }
        set { self.box.fields.upstream = newValue }
    }
    /// Set for a request its endpoint's rate limit refused (429).
    public var rateLimited: RateLimited? {
        get { self.box.fields.rateLimited }
        set { self.box.fields.rateLimited = newValue }
    }
    /// The connection toxics the answer went out with; none for most.
    public var toxics: Toxics {
        get { self.box.fields.toxics }
        set { self.box.fields.toxics = newValue }
    }
    /// A status line went out but the body stopped short of what it
    /// promised and the connection closed: `truncated`, or a `limit_data`
    /// toxic that cut this answer (one shorter than its limit is whole).
    public var cutShort: Bool {
        get { self.box.fields.cutShort }
        set { self.box.fields.cutShort = newValue }
    }

    public init(
        sequence: Int = 0, time: Double, method: String, target: String, status: Status, duration: Duration,
        endpointID: String?, mode: Mode?, setting: Mode? = nil, latency: String?, injectedDelay: Duration = .zero,
        unmatched: Unmatched? = nil, details: (any ExchangeDetails)? = nil
    ) {
        self.sequence = sequence
        self.details = details
        self.box = CopyOnWrite(
            Fields(
                time: time, method: method, target: target, status: status, duration: duration,
                endpointID: endpointID, mode: mode, setting: setting == mode ? nil : setting, latency: latency,
                injectedDelay: injectedDelay, unmatched: unmatched))
    }

    struct Fields: Sendable {
        var time: Double
        var method: String
        var target: String
        var status: Status
        var duration: Duration
        var endpointID: String?
        var mode: Mode?
        var setting: Mode?
        var forced: Decision.Forced = Decision.Forced()
        var networkFault: Bool = false
        var missingFixture: String?
        var latency: String?
        var injectedDelay: Duration
        var firstByte: Duration?
        var unmatched: Unmatched?
        var rejection: String?
        var upstream: UpstreamOutcome?
        var rateLimited: RateLimited?
        var toxics: Toxics = Toxics.none
        var cutShort: Bool = false
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
