import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel

/// Everything the handler needs to write one response and journal it.
///
/// The fields live in one copy-on-write box (`CopyOnWrite`). An answer is
/// handed from the decision to the connection's state, the writer and the
/// journal, and a remembered one (`AnswerMemo`) to every request of its
/// endpoint: each copy costs one retain, not some 700 bytes and a retain
/// per field.
struct PreparedResponse: Sendable {
    struct Fields: Sendable {
        var status: HTTPResponseStatus
        var headers: HTTPHeaders
        var body: ByteBuffer
        var head: HTTPResponseHead?
        var wire: ByteBuffer?
        var laterBody: LaterBody?
        var plan = AnswerPlan.answer(AnswerPlan.BodyPlan())
        var notes = AnswerNotes()
        var validation: RequestValidation?
        var headersLackRateLimit = false
        var rateVerdict: RateVerdict?
        var hasToxics = false
        var delay = Duration.zero
    }

    private var box: CopyOnWrite<Fields>

    init(status: HTTPResponseStatus, headers: HTTPHeaders, body: ByteBuffer) {
        self.box = CopyOnWrite(Fields(status: status, headers: headers, body: body))
    }

    /// Both share one box, so hold the same answer: a box two values share
    /// is never changed in place (`CopyOnWrite`). What is made from one may
    /// be kept for the other while the first is kept.
    func isIdentical(to other: PreparedResponse) -> Bool {
        self.box.isIdentical(to: other.box)
    }

    var status: HTTPResponseStatus {
        get { self.box.fields.status }
        _modify { yield &self.box.fields.status }
    }
    var headers: HTTPHeaders {
        get { self.box.fields.headers }
        _modify { yield &self.box.fields.headers }
    }
    var body: ByteBuffer {
        get { self.box.fields.body }
        _modify { yield &self.box.fields.body }
    }
    /// A prebuilt HTTP/1.1 head with these status and headers, if any.
    var head: HTTPResponseHead? {
        get { self.box.fields.head }
        _modify { yield &self.box.fields.head }
    }
    /// The whole response as bytes (head and body), if prebuilt.
    var wire: ByteBuffer? {
        get { self.box.fields.wire }
        _modify { yield &self.box.fields.wire }
    }
    /// A body made off the event loop before the response is answered
    /// (see `LaterBody`).
    var laterBody: LaterBody? {
        get { self.box.fields.laterBody }
        _modify { yield &self.box.fields.laterBody }
    }
    /// What goes on the wire, and how (see `AnswerPlan`).
    var plan: AnswerPlan {
        get { self.box.fields.plan }
        _modify { yield &self.box.fields.plan }
    }
    /// Why the answer is what it is (see `AnswerNotes`).
    var notes: AnswerNotes {
        // Borrowed, not copied, to read one note.
        _read { yield self.box.fields.notes }
        _modify { yield &self.box.fields.notes }
    }
    /// Not an answer yet: the request's check, to run off the loop before
    /// it is prepared again (`Responder.prepare`'s `checked`).
    var validation: RequestValidation? {
        get { self.box.fields.validation }
        _modify { yield &self.box.fields.validation }
    }
    /// `wire` carries the `RateLimit-*` headers of `rateVerdict` and
    /// `headers` does not (see `RateLimitAnswer.stamp`). A flag, not a
    /// second verdict.
    var headersLackRateLimit: Bool {
        get { self.box.fields.headersLackRateLimit }
        _modify { yield &self.box.fields.headersLackRateLimit }
    }
    /// Within the endpoint's rate limit: what its `RateLimit-*` headers
    /// say, kept for an answer made later than this one (a relayed head).
    var rateVerdict: RateVerdict? {
        get { self.box.fields.rateVerdict }
        _modify { yield &self.box.fields.rateVerdict }
    }
    /// The decision's toxics are not none: one flag for the handler to
    /// look at rather than the toxics themselves.
    var hasToxics: Bool {
        get { self.box.fields.hasToxics }
        _modify { yield &self.box.fields.hasToxics }
    }
    /// Waited before anything is written.
    var delay: Duration {
        get { self.box.fields.delay }
        _modify { yield &self.box.fields.delay }
    }

    /// The live answer is held and then cut short (`truncated` on an
    /// endpoint that passes through), not relayed as it arrives.
    var cutsLiveAnswer: Bool {
        if case .relay(_, let body) = self.plan, body.cut != nil { true } else { false }
    }
}
