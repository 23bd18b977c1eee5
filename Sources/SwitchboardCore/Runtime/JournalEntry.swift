public import SwitchboardModel

/// One answered (or abandoned) request, as the log, the screen and the
/// control API show it.
///
/// A value, stored in one box: the journal hands each entry to its ring,
/// its feeds and their readers, and a copy is then a retain, not three
/// hundred bytes of strings and optionals retained one by one (the entry
/// was copied some five times a request). What the journal itself changes
/// after recording, the sequence number and the details it lets go of,
/// sits beside the box, so that changing it never copies the box. What
/// answered (`Outcome`) sits in the box by reference, shared by the
/// entries of every request one remembered answer served.
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
    /// From the request's arrival to the last byte of the response, to the
    /// nanosecond.
    public var duration: Duration {
        get { .nanoseconds(self.box.fields.duration) }
        set { self.box.fields.duration = newValue.nanoseconds }
    }
    /// `duration` as kept: the line and HAR write nanoseconds, and a
    /// `Duration`'s own are worked out by a 128-bit division.
    var durationNanoseconds: Int64 { self.box.fields.duration }
    /// From the request's arrival to the response's status line leaving;
    /// `nil` when none was sent or the path that answered does not say.
    public var firstByte: Duration? {
        get { self.box.fields.firstByte.map { .nanoseconds($0) } }
        set { self.box.fields.firstByte = newValue?.nanoseconds }
    }
    /// What answered the request (see `Outcome`): shared by the entries of
    /// the requests one remembered answer served.
    public var outcome: Outcome {
        get { self.box.fields.outcome }
        set { self.box.fields.outcome = newValue }
    }
    /// The endpoint that answered; `nil` for an unmatched request.
    public var endpointID: String? {
        get { self.box.fields.outcome.endpointID }
        set { self.box.fields.outcome.endpointID = newValue }
    }
    /// What this request got (never flaky, sequence or a count rule).
    public var mode: Mode? {
        get { self.box.fields.outcome.mode }
        set { self.box.fields.outcome.mode = newValue }
    }
    /// The endpoint's own setting when it differs from `mode` (`flaky:25`;
    /// `success` for an error a `Prefer` header asked for).
    public var setting: Mode? {
        get { self.box.fields.outcome.setting }
        set { self.box.fields.outcome.setting = newValue }
    }
    /// What the request's `Prefer` header chose in place of the endpoint's
    /// setting: its mode, latency or toxics.
    public var forced: Decision.Forced {
        get { self.box.fields.outcome.forced }
        set { self.box.fields.outcome.forced = newValue }
    }
    /// The request chose its mode itself, with a `Prefer` header.
    public var preferred: Bool { self.forced.mode != nil }
    /// How the request breaks its endpoint's OpenAPI description (checked
    /// with `--validate`); empty when it does not, or was not checked.
    public var invalid: [ContractViolation] {
        get { self.box.fields.outcome.invalid }
        set { self.box.fields.outcome.invalid = newValue }
    }
    public var drift: [ContractViolation] { self.box.fields.outcome.drift }
    /// The latency profile's faults chose `mode` (a reset or a hang the
    /// network drew), not the endpoint's setting: `setting` is what the
    /// network overruled.
    public var networkFault: Bool {
        get { self.box.fields.outcome.networkFault }
        set { self.box.fields.outcome.networkFault = newValue }
    }
    /// The fixture file a `file:` response names that does not exist
    /// (`episodes/99.json`): why a success answered 404.
    public var missingFixture: String? {
        get { self.box.fields.outcome.missingFixture }
        set { self.box.fields.outcome.missingFixture = newValue }
    }
    public var latency: String? {
        get { self.box.fields.outcome.latency }
        set { self.box.fields.outcome.latency = newValue }
    }
    /// The delay that was deliberately added.
    public var injectedDelay: Duration {
        get { self.box.fields.outcome.injectedDelay }
        set { self.box.fields.outcome.injectedDelay = newValue }
    }
    /// Set when no endpoint matched.
    public var unmatched: Unmatched? {
        get { self.box.fields.outcome.unmatched }
        set { self.box.fields.outcome.unmatched = newValue }
    }
    /// Set when the request was refused before any endpoint saw it
    /// (malformed, headers or body too large, too slow): why.
    public var rejection: String? {
        get { self.box.fields.outcome.rejection }
        set { self.box.fields.outcome.rejection = newValue }
    }
    /// Set for a request that went to the upstream (`live`).
    public var upstream: UpstreamOutcome? {
        get { self.box.fields.outcome.upstream }
        set { self.box.fields.outcome.upstream = newValue }
    }
    /// Set for a request its endpoint's rate limit refused (429).
    public var rateLimited: RateLimited? {
        get { self.box.fields.outcome.rateLimited }
        set { self.box.fields.outcome.rateLimited = newValue }
    }
    /// The connection toxics the answer went out with; none for most.
    public var toxics: Toxics {
        get { self.box.fields.outcome.toxics }
        set { self.box.fields.outcome.toxics = newValue }
    }
    /// A status line went out but the body stopped short of what it
    /// promised and the connection closed: `truncated`, or a `limit_data`
    /// toxic that cut this answer (one shorter than its limit is whole).
    public var cutShort: Bool {
        get { self.box.fields.outcome.cutShort }
        set { self.box.fields.outcome.cutShort = newValue }
    }

    public init(
        sequence: Int = 0, time: Double, method: String, target: String, status: Status, duration: Duration,
        endpointID: String?, mode: Mode?, setting: Mode? = nil, latency: String?, injectedDelay: Duration = .zero,
        unmatched: Unmatched? = nil, details: (any ExchangeDetails)? = nil
    ) {
        self.init(
            time: time, method: method, target: target, status: status, durationNanoseconds: duration.nanoseconds,
            firstByteNanoseconds: nil,
            outcome: Outcome(
                endpointID: endpointID, mode: mode, setting: setting, latency: latency, injectedDelay: injectedDelay,
                unmatched: unmatched),
            details: details)
        self.sequence = sequence
    }

    /// The entry for one request that got `outcome`, which the entries of
    /// other requests may share; durations in nanoseconds, as the server
    /// measures them.
    public init(
        time: Double, method: String, target: String, status: Status, durationNanoseconds: Int64,
        firstByteNanoseconds: Int64?, outcome: Outcome, details: (any ExchangeDetails)?
    ) {
        self.sequence = 0
        self.details = details
        self.box = CopyOnWrite(
            Fields(
                time: time, method: method, target: target, status: status, duration: durationNanoseconds,
                firstByte: firstByteNanoseconds, outcome: outcome))
    }

    /// The request's own fields; the rest is the outcome's.
    struct Fields: Sendable {
        var time: Double
        var method: String
        var target: String
        var status: Status
        /// In nanoseconds.
        var duration: Int64
        /// In nanoseconds.
        var firstByte: Int64?
        var outcome: Outcome
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
