import NIOCore
import NIOHTTP1
import SwitchboardCore

/// Everything the handler needs to write one response and journal it.
///
/// The fields live in one copy-on-write box. An answer is handed from the
/// decision to the connection's state, the writer and the journal, and a
/// remembered one (`AnswerMemo`) to every request of its endpoint: each
/// copy costs one retain, not some 700 bytes and a retain per field. The
/// box is reached through its header pointer, not a class property, so
/// reading a field costs no exclusivity check.
///
/// `@unchecked Sendable`: `Fields` is Sendable, and a box is only written
/// while no other copy holds it (every change goes through `unique()`
/// first), so copies on different threads only ever read a shared box.
struct PreparedResponse: @unchecked Sendable {
    struct Fields: Sendable {
        var status: HTTPResponseStatus
        var headers: HTTPHeaders
        var body: ByteBuffer
        var head: HTTPResponseHead?
        var wire: ByteBuffer?
        var diskFile: String?
        var plan = AnswerPlan.answer(AnswerPlan.BodyPlan())
        var decision: Decision?
        var endpointID: String?
        var unmatched: Unmatched?
        var missingFixture: String?
        var upstream: UpstreamOutcome?
        var rateLimited: RateLimited?
        var headersLackRateLimit = false
        var rateVerdict: RateVerdict?
        var hasToxics = false
        var delay = Duration.zero
    }

    private var box: ManagedBuffer<Fields, Void>

    init(status: HTTPResponseStatus, headers: HTTPHeaders, body: ByteBuffer) {
        self.box = .create(minimumCapacity: 0) { _ in Fields(status: status, headers: headers, body: body) }
    }

    /// The fields, for as long as `box` holds them (it is never replaced
    /// while a pointer from here is in use: see `unique()`).
    private var fields: UnsafeMutablePointer<Fields> {
        self.box.withUnsafeMutablePointerToHeader { $0 }
    }

    /// The fields, made this copy's own first.
    private var unique: UnsafeMutablePointer<Fields> {
        mutating get {
            if !isKnownUniquelyReferenced(&self.box) {
                let fields = self.fields.pointee
                self.box = .create(minimumCapacity: 0) { _ in fields }
            }
            return self.fields
        }
    }

    var status: HTTPResponseStatus {
        get { self.fields.pointee.status }
        _modify { yield &self.unique.pointee.status }
    }
    var headers: HTTPHeaders {
        get { self.fields.pointee.headers }
        _modify { yield &self.unique.pointee.headers }
    }
    var body: ByteBuffer {
        get { self.fields.pointee.body }
        _modify { yield &self.unique.pointee.body }
    }
    /// A prebuilt HTTP/1.1 head with these status and headers, if any.
    var head: HTTPResponseHead? {
        get { self.fields.pointee.head }
        _modify { yield &self.unique.pointee.head }
    }
    /// The whole response as bytes (head and body), if prebuilt.
    var wire: ByteBuffer? {
        get { self.fields.pointee.wire }
        _modify { yield &self.unique.pointee.wire }
    }
    /// A body too large to hold in memory, read from this file before the
    /// response is answered (see `AnswerWriter.readFromDisk`).
    var diskFile: String? {
        get { self.fields.pointee.diskFile }
        _modify { yield &self.unique.pointee.diskFile }
    }
    /// What goes on the wire, and how (see `AnswerPlan`).
    var plan: AnswerPlan {
        get { self.fields.pointee.plan }
        _modify { yield &self.unique.pointee.plan }
    }
    var decision: Decision? {
        get { self.fields.pointee.decision }
        _modify { yield &self.unique.pointee.decision }
    }
    var endpointID: String? {
        get { self.fields.pointee.endpointID }
        _modify { yield &self.unique.pointee.endpointID }
    }
    var unmatched: Unmatched? {
        get { self.fields.pointee.unmatched }
        _modify { yield &self.unique.pointee.unmatched }
    }
    /// The `file:` fixture that does not exist, for the log line.
    var missingFixture: String? {
        get { self.fields.pointee.missingFixture }
        _modify { yield &self.unique.pointee.missingFixture }
    }
    /// For a live request: how the upstream did.
    var upstream: UpstreamOutcome? {
        get { self.fields.pointee.upstream }
        _modify { yield &self.unique.pointee.upstream }
    }
    /// Refused by the endpoint's rate limit.
    var rateLimited: RateLimited? {
        get { self.fields.pointee.rateLimited }
        _modify { yield &self.unique.pointee.rateLimited }
    }
    /// `wire` carries the `RateLimit-*` headers of `rateVerdict` and
    /// `headers` does not (see `RateLimitAnswer.stamp`). A flag, not a
    /// second verdict.
    var headersLackRateLimit: Bool {
        get { self.fields.pointee.headersLackRateLimit }
        _modify { yield &self.unique.pointee.headersLackRateLimit }
    }
    /// Within the endpoint's rate limit: what its `RateLimit-*` headers
    /// say, kept for an answer made later than this one (a relayed head).
    var rateVerdict: RateVerdict? {
        get { self.fields.pointee.rateVerdict }
        _modify { yield &self.unique.pointee.rateVerdict }
    }
    /// The decision's toxics are not none: one flag for the handler to
    /// look at rather than the toxics themselves.
    var hasToxics: Bool {
        get { self.fields.pointee.hasToxics }
        _modify { yield &self.unique.pointee.hasToxics }
    }
    /// Waited before anything is written.
    var delay: Duration {
        get { self.fields.pointee.delay }
        _modify { yield &self.unique.pointee.delay }
    }

    /// The live answer is held and then cut short (`truncated` on an
    /// endpoint that passes through), not relayed as it arrives.
    var cutsLiveAnswer: Bool {
        if case .relay(_, let body) = self.plan, body.cut != nil { true } else { false }
    }
}
