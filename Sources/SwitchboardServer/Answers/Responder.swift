import Atomics
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel

/// Decides how to answer a request: routes it against the current snapshot,
/// applies the endpoint's mode and latency, and picks the bytes. Shared by all
/// connections; holds no per-request state.
final class Responder: Sendable {
    let panel: ControlPanel
    let journal: RequestJournal
    let controlToken: String?
    let cors: Bool
    /// Every answer `Cache-Control: no-store`, whatever the manifest says.
    let noStore: Bool
    /// Whether a connection may carry more than one request.
    let keepAlive: Bool
    /// Whether a later body (`LaterBody`) is made on NIO's thread pool, as
    /// a server does; tests on an embedded loop, which no other thread may
    /// touch, make it in place.
    let makesBodiesOffLoop: Bool
    /// Where a later body is made (`OffLoopWork`): NIO's thread pool, or
    /// in place where bodies are made in place.
    let offLoop: any OffLoopWork
    /// Where a request or a live answer is checked against its description
    /// (a pool of its own in a server, `ThreadPoolWork.checks`).
    let checks: any OffLoopWork
    /// What requests are answered from: the latest panel snapshot whose
    /// manifest's responses are compiled, with them. Loops only read it.
    private let ready: NIOLockedValueBox<Ready>
    /// Requests received and not yet answered (delayed ones included).
    let inFlight = ManagedAtomic<Int>(0)
    /// How many catalogs were compiled (one per manifest generation, but
    /// for the rare case in `publish`).
    let compiles = ManagedAtomic<Int>(0)

    /// A snapshot and the compiled responses of its manifest.
    struct Ready: Sendable {
        let snapshot: PanelSnapshot
        let catalog: ResponseCatalog
    }

    /// The last live answer per endpoint, for recording.
    let answers = LiveAnswers()
    /// Sends `live` requests; `nil` in tests that build a responder alone.
    let upstream: Upstream?
    /// Some request may go to an upstream, so answers are decided as a
    /// request's head arrives (`RequestHandler.decideAtHead`); or requests
    /// are checked against a description, which needs a body whole, not the
    /// journal's first 64 KiB of it (`Self.decidesAtHead`).
    let decidesAtHead = ManagedAtomic<Bool>(false)
    /// Wakes control API long polls (`GET …/requests?wait=`) as requests
    /// are journaled.
    let arrivals: RequestArrivals

    init(
        panel: ControlPanel, journal: RequestJournal, controlToken: String? = nil, cors: Bool = true,
        noStore: Bool = false, keepAlive: Bool = true, upstream: Upstream? = nil, makesBodiesOffLoop: Bool = true,
        offLoop: (any OffLoopWork)? = nil
    ) {
        self.makesBodiesOffLoop = makesBodiesOffLoop
        self.offLoop = offLoop ?? (makesBodiesOffLoop ? ThreadPoolWork.bodies : InPlaceWork())
        self.checks = offLoop ?? (makesBodiesOffLoop ? ThreadPoolWork.checks : InPlaceWork())
        self.panel = panel
        self.upstream = upstream
        self.journal = journal
        self.arrivals = RequestArrivals(journal: journal)
        self.controlToken = controlToken
        self.cors = cors
        self.noStore = noStore
        self.keepAlive = keepAlive
        let snapshot = panel.snapshot()
        self.compiles.wrappingIncrement(by: 1, ordering: .relaxed)
        self.ready = NIOLockedValueBox(
            Ready(snapshot: snapshot, catalog: ResponseCatalog(snapshot: snapshot, noStore: noStore)))
        self.decidesAtHead.store(Self.decidesAtHead(snapshot.manifest, upstream), ordering: .relaxed)
        panel.addListener { [weak self] in
            guard let self else { return }
            self.publish()
            self.decidesAtHead.store(
                Self.decidesAtHead(self.panel.snapshot().manifest, self.upstream), ordering: .relaxed)
        }
    }

    private static func decidesAtHead(_ manifest: Manifest, _ upstream: Upstream?) -> Bool {
        manifest.validatesRequests || upstream?.mayForward(manifest) == true
    }

    /// What a request is answered from now.
    var current: Ready {
        self.ready.withLockedValue { $0 }
    }

    /// Runs after every panel change, on the thread that made it: for a
    /// reload that is the fixture watcher's, off the loops. A new manifest
    /// generation is compiled here, outside the lock (compiling encodes
    /// every body), and only then swapped in with its snapshot, so no loop
    /// ever sees a generation without its responses, and none compiles one.
    /// A change is visible to requests once this returns (a control `PUT`
    /// answers after that, so its very next request sees it).
    ///
    /// The one case that compiles a generation twice: a change made on
    /// another thread while a reload is still compiling; it compiles its
    /// own copy rather than publish late or wait (the first swapped in is
    /// kept, so the copies do not pile up).
    func publish() {
        let snapshot = self.panel.snapshot()
        let current = self.current
        guard snapshot.version > current.snapshot.version else { return }
        var catalog = current.catalog
        if catalog.generation != snapshot.generation {
            self.compiles.wrappingIncrement(by: 1, ordering: .relaxed)
            catalog = ResponseCatalog(snapshot: snapshot, noStore: self.noStore)
        } else if catalog.endpoints.count < snapshot.manifest.endpoints.count {
            // Rows seen live: only they are compiled, on the loop that saw them.
            catalog = catalog.extended(to: snapshot, noStore: self.noStore)
        }
        self.ready.withLockedValue { ready in
            guard snapshot.version > ready.snapshot.version else { return }
            let same =
                ready.catalog.generation == catalog.generation
                && ready.catalog.endpoints.count >= catalog.endpoints.count
            let shared = same ? ready.catalog : catalog
            ready = Ready(snapshot: snapshot, catalog: shared)
        }
    }

    /// The answer to one request.
    /// `now` is when it arrived, on a monotonic clock (the event loop's):
    /// rate limits count with it. `retry` is the connection's memory of the
    /// last `Retry-After` it carried, which only a limited endpoint reads.
    /// `memo` is its memory of the answers that repeat (`AnswerMemo`).
    /// `body`: what arrived of its body (as the journal keeps it), read only
    /// when some endpoint requires body content (an answer decided at the
    /// head has none yet: `ConnectionAnswers.prepareAtHead` sees to it that
    /// such a one needs none). `checked`: how the request breaks its
    /// operation, once its check has run; without it, a request to be
    /// checked is answered `validation`, to run it off the loop (a check
    /// may take its 2,000,000 steps a value) and prepare it again with
    /// what it found.
    func prepare(
        head: HTTPRequestHead, snapshot: PanelSnapshot, catalog: ResponseCatalog, now: NIODeadline,
        retry: inout RetryDeadline, memo: inout AnswerMemo, body: ByteBuffer? = nil,
        checked: [ContractViolation]? = nil
    ) -> PreparedResponse {
        var response = self.decide(
            head: head, snapshot: snapshot, catalog: catalog, now: now, retry: &retry, memo: &memo, body: body,
            checked: checked)
        // Values not checked (their steps ran out) are said with the answer
        // the request got, in its journal line, log and HAR.
        if let checked, !checked.isEmpty, response.notes.invalid.isEmpty { response.notes.invalid = checked }
        return response
    }

    private func decide(
        head: HTTPRequestHead, snapshot: PanelSnapshot, catalog: ResponseCatalog, now: NIODeadline,
        retry: inout RetryDeadline, memo: inout AnswerMemo, body: ByteBuffer?, checked: [ContractViolation]?
    ) -> PreparedResponse {
        if let answer = TargetFormAnswer.answer(head) { return answer }
        let target = RequestTarget(uri: head.uri)
        if self.cors, head.method == .OPTIONS, let wanted = head.headers.first(name: "Access-Control-Request-Method"),
            var preflight = CORS.preflight(head: head, wanted: wanted, target: target, snapshot: snapshot)
        {
            // The browser's extra round trip costs what the endpoint's does.
            if let index = catalog.endpoints.firstIndex(where: { $0.id == preflight.notes.endpointID }) {
                preflight.delay = snapshot.preflightDelay(endpoint: index)
            }
            return preflight
        }
        // A local function, not a closure value: that would be an
        // allocation per request.
        func header(_ name: String) -> String? { head.headers.first(name: name) }
        var content = RequestBody()
        if snapshot.table.readsBodies, let body {
            content = RequestBody(bytes: Array(body.readableBytesView))
        }
        let route: RouteResult
        if let matched = snapshot.table.match(
            method: head.method.rawValue, target: target, header: header, body: &content)
        {
            route = matched
        } else if let upstream = self.upstream?.upstream(endpoint: nil, manifest: snapshot.manifest),
            snapshot.manifest.unmatchedPolicy(upstream: upstream) == .live
        {
            // A row seen live before answers as its setting says, and needs
            // no word on why no declared endpoint matched.
            if let seen = snapshot.seenLive.route(method: head.method.rawValue, target: target) {
                route = seen
            } else {
                var response = PreparedResponse(status: .ok, headers: HTTPHeaders(), body: ByteBuffer())
                response.notes.unmatched = snapshot.table.explain(
                    method: head.method.rawValue, target: target, header: header, body: &content)
                response.notes.endpointID = self.panel.learn(method: head.method.rawValue, target: target)
                response.plan = .relay(upstream, AnswerPlan.BodyPlan())
                return response
            }
        } else {
            route = .unmatched(
                snapshot.table.explain(method: head.method.rawValue, target: target, header: header, body: &content))
        }
        switch route {
        case .unmatched(let unmatched):
            let body = UnmatchedResponse.body(method: head.method.rawValue, target: target, unmatched: unmatched)
            var response = PreparedResponse(
                status: .notFound, headers: UnmatchedResponse.headers(length: body.readableBytes), body: body)
            response.notes.unmatched = unmatched
            return response
        case .matched(let index, var parameters):
            // Checked first, as a server checks a request before it does
            // anything with it: neither a remembered answer nor a limit's
            // count is given to a request that breaks the description.
            if snapshot.manifest.validatesRequests, let contract = snapshot.manifest.endpoints[index].contract {
                guard let checked else {
                    return RequestValidation(
                        contract: contract, target: target, parameters: parameters, headers: head.headers,
                        body: body.map { Array($0.readableBytesView) } ?? []
                    ).pending(endpointID: catalog.endpoints[index].id)
                }
                // What was not checked is said with the answer, not refused.
                if checked.contains(where: \.refuses) {
                    return InvalidRequestAnswer.prepared(checked, endpointID: catalog.endpoints[index].id)
                }
            }
            // Answers that read the request's values (`{header.X}`,
            // `{body.a}`, `{counter}`…) get them as parameters, so they are
            // rendered for each request and never remembered.
            var taken: UInt64?
            if snapshot.table.readsRequests, case let names = snapshot.table.requestValueNames[index], !names.isEmpty {
                let filled = snapshot.templateValues(
                    names, endpoint: index, target: target, header: header, body: &content, now: WallClock.now(),
                    arrival: self.panel.nextArrivalNumber)
                parameters.merge(filled.values) { route, _ in route }
                taken = filled.request
            }
            let prefer = head.headers.first(name: "Prefer")
            let limiter = snapshot.limiter(endpoint: index)
            // A limit takes every request, remembered answer or not: the
            // verdict, and the refusal when it refuses.
            func limited(_ limiter: RateLimiter) -> (verdict: RateVerdict, refusal: PreparedResponse?) {
                let key = limiter.keyHeader.flatMap { head.headers.first(name: $0) }
                let checked = limiter.take(
                    key: key, now: .nanoseconds(Int64(now.uptimeNanoseconds)), connection: &retry)
                guard checked.allowed else {
                    return (
                        checked,
                        RateLimitAnswer.refused(
                            checked, limit: limiter.limit, endpointID: catalog.endpoints[index].id,
                            signature: catalog.endpoints[index].signature)
                    )
                }
                return (checked, nil)
            }
            // A request that asks for nothing of its own and names no
            // file by its parameters gets what the last one got (a limited
            // one stamped with its own verdict).
            if prefer == nil, parameters.isEmpty, let memoised = memo.answer(endpoint: index, in: snapshot) {
                guard let limiter else { return memoised.answer }
                let (verdict, refusal) = limited(limiter)
                if let refusal { return refusal }
                var response = memoised.answer
                RateLimitAnswer.stamp(verdict, on: &response)
                return response
            }
            var override = PanelSnapshot.Override()
            if let prefer {
                switch PreferHeader.parse(prefer, endpoint: index, manifest: snapshot.manifest) {
                case .success(let wanted):
                    override = wanted
                case .failure(let problem):
                    let body = ErrorBody.buffer(.badPrefer, problem.message)
                    var response = PreparedResponse(
                        status: .badRequest, headers: UnmatchedResponse.headers(length: body.readableBytes), body: body)
                    response.notes.endpointID = catalog.endpoints[index].id
                    return response
                }
            }
            var verdict: RateVerdict?
            if let limiter {
                let checked = limited(limiter)
                if let refusal = checked.refusal { return refusal }
                verdict = checked.verdict
            }
            let decision = snapshot.decide(endpoint: index, override: override, request: taken)
            var response: PreparedResponse
            let resource = snapshot.manifest.endpoints[index].resource
            if decision.response == .success, let resource {
                response = ResourceResponse.prepared(
                    resource, store: self.panel.resources, parameters: parameters, body: &content)
            } else if let kind = decision.response {
                var compiled = catalog.endpoints[index].response(kind, mayBeCached: decision.mayBeCached)
                // Prism's `code=`, `example=`, `dynamic=`: another documented
                // answer, made for this request (a Prefer one is never remembered).
                if let preference = override.spec, let contract = snapshot.manifest.endpoints[index].contract {
                    let definition = contract.definition(preferred: preference, kind: kind)
                    compiled = CompiledResponse(definition.uncacheable, allocator: ByteBufferAllocator())
                }
                if let resolved = compiled.resolve(parameters: parameters) {
                    response = PreparedResponse(status: compiled.status, headers: resolved.headers, body: resolved.body)
                    response.head = resolved.head
                    response.wire = resolved.wire
                    response.laterBody = resolved.later
                } else {
                    let missing = compiled.missingFileName(parameters: parameters) ?? "?"
                    let body = UnmatchedResponse.missingFixture(
                        file: missing, signature: catalog.endpoints[index].signature, id: catalog.endpoints[index].id)
                    response = PreparedResponse(
                        status: .notFound, headers: UnmatchedResponse.headers(length: body.readableBytes), body: body)
                    response.notes.missingFixture = missing
                }
            } else {
                response = PreparedResponse(status: .ok, headers: HTTPHeaders(), body: ByteBuffer())
            }
            response.notes.decision = decision
            response.delay = decision.delay
            response.notes.endpointID = catalog.endpoints[index].id
            response.plan = self.plan(for: decision, snapshot: snapshot)
            response.hasToxics = !decision.toxics.isEmpty && response.plan.takesToxics
            // `limit_data` cuts an answer the toxics act on (a relayed one
            // as it streams, by the same `DataLimit`).
            if response.hasToxics, let limit = decision.toxics.limitData, case .answer(var body) = response.plan {
                body.cut = .after(limit)
                response.plan = .answer(body)
            }
            // A resource's items change between requests: never remembered.
            if decision.repeats, parameters.isEmpty, resource == nil {
                // Unstamped: each later request is stamped with its own
                // verdict, and a limited one is never answered by target
                // alone, which would skip its limit.
                memo.keep(response, endpoint: index, for: head, in: snapshot, byTarget: limiter == nil)
            }
            if let verdict { RateLimitAnswer.stamp(verdict, on: &response) }
            return response
        }
    }

    /// What goes on the wire for `decision` (see `AnswerPlan`).
    private func plan(for decision: Decision, snapshot: PanelSnapshot) -> AnswerPlan {
        switch decision.mode {
        case .live:
            let upstream = self.upstream?.upstream(endpoint: decision.endpointIndex, manifest: snapshot.manifest)
            return .relay(upstream, AnswerPlan.BodyPlan(rate: decision.bandwidth))
        case .fault(let fault):
            // An endpoint that passes through is cut on its live answer, as
            // one with a fixture is on the fixture; with no upstream to ask,
            // on the fixture.
            let relay =
                snapshot.manifest.endpoints[decision.endpointIndex].passesThrough
                ? self.upstream?.upstream(endpoint: decision.endpointIndex, manifest: snapshot.manifest) : nil
            return .fault(fault, rate: decision.bandwidth, relay: relay) {
                var bytes = snapshot.garbage(endpoint: decision.endpointIndex, request: decision.request)
                // Never let the noise start like a status line by chance.
                if bytes.starts(with: Array("HTTP".utf8)) { bytes[0] = 0 }
                return ByteBuffer(bytes: bytes)
            }
        case .success, .error, .serverError, .flaky, .sequence, .rule:
            return .answer(AnswerPlan.BodyPlan(rate: decision.bandwidth))
        }
    }
}
