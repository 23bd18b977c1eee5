import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel

/// One request on its way through the decision's stages
/// (`Responder.prepare`): what arrived, what it is answered from, and
/// what each stage has found so far for the next. Passed `inout` from
/// stage to stage, in a fixed order; it lives for one request.
struct DecisionExchange {
    let head: HTTPRequestHead
    let target: RequestTarget
    /// When it arrived, on a monotonic clock: rate limits count with it.
    let now: NIODeadline
    /// What arrived of its body, as the journal keeps it.
    let body: ByteBuffer?
    /// How the request breaks its operation, once its check has run.
    let checked: [ContractViolation]?
    let snapshot: PanelSnapshot
    let catalog: ResponseCatalog

    /// The body as routing and templates read it (`BodyStage`): parsed
    /// once, whoever reads it first.
    var content = RequestBody()
    /// No declared endpoint matched, and such a request goes to this
    /// upstream (`RouteStage`, for `LiveStage`).
    var unmatchedUpstream: UpstreamURL?
    /// The endpoint's index in the manifest, once routed (`RouteStage`,
    /// `LiveStage`): every later stage is for a matched request.
    var index = 0
    /// The routed path's values, and the request's values its templates
    /// read (`TemplateStage`).
    var parameters: [String: String] = [:]
    /// The request number the templates took on the endpoint's counter.
    var taken: UInt64?
    /// The request's `Prefer` header (`MemoStage`, for `PreferStage`).
    var prefer: String?
    /// The endpoint's rate limit, if it has one (`MemoStage`).
    var limiter: RateLimiter?
    /// The answer remembered for a limited endpoint, given once its limit
    /// has taken the request (`MemoStage`, for `RateLimitStage`).
    var remembered: DecidedAnswer?
    /// What the `Prefer` header asked for (`PreferStage`).
    var override = PanelSnapshot.Override()
    /// What the limit said of a request it let through (`RateLimitStage`).
    var verdict: RateVerdict?
    var decision: Decision?
    /// The endpoint serves a resource's items: never remembered.
    var hasResource = false
    /// The compiled response the answer is made from (`SpecStage`).
    var compiled: CompiledResponse?
    /// The answer made so far, finished by `ScriptStage`.
    var response: PreparedResponse?

    init(
        head: HTTPRequestHead, snapshot: PanelSnapshot, catalog: ResponseCatalog, now: NIODeadline,
        body: ByteBuffer? = nil, checked: [ContractViolation]? = nil
    ) {
        self.head = head
        self.target = RequestTarget(uri: head.uri)
        self.now = now
        self.body = body
        self.checked = checked
        self.snapshot = snapshot
        self.catalog = catalog
    }
}

/// What a stage of the decision says: go on to the next, or this is the
/// answer.
enum StageStep {
    case next
    case answer(PreparedResponse)
}
