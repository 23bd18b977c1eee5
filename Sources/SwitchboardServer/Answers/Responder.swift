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

    /// The decision as a fixed sequence of small stages over one exchange
    /// (`DecisionExchange`), each in its own file under `Decision/`, each
    /// saying `next` or the answer. Static functions called in order, not
    /// a list of stage values, and each `@inline(__always)`, so that the
    /// sequence compiles to the one function it was: nothing is allocated
    /// or looked up to run them, and a remembered answer (`MemoStage`) is
    /// found after routing as cheaply as before. The limit takes a request
    /// after its `Prefer` is read, so a refused `Prefer` is not counted.
    private func decide(
        head: HTTPRequestHead, snapshot: PanelSnapshot, catalog: ResponseCatalog, now: NIODeadline,
        retry: inout RetryDeadline, memo: inout AnswerMemo, body: ByteBuffer?, checked: [ContractViolation]?
    ) -> PreparedResponse {
        var exchange = DecisionExchange(
            head: head, snapshot: snapshot, catalog: catalog, now: now, body: body, checked: checked)
        if case .answer(let answer) = TargetFormStage.run(&exchange) { return answer }
        if case .answer(let answer) = PreflightStage.run(&exchange, cors: self.cors) { return answer }
        if case .answer(let answer) = BodyStage.run(&exchange) { return answer }
        if case .answer(let answer) = RouteStage.run(&exchange, upstream: self.upstream) { return answer }
        if case .answer(let answer) = LiveStage.run(&exchange, panel: self.panel) { return answer }
        if case .answer(let answer) = ValidationStage.run(&exchange) { return answer }
        if case .answer(let answer) = TemplateStage.run(&exchange, panel: self.panel) { return answer }
        if case .answer(let answer) = MemoStage.run(&exchange, memo: memo) { return answer }
        if case .answer(let answer) = PreferStage.run(&exchange) { return answer }
        if case .answer(let answer) = RateLimitStage.run(&exchange, retry: &retry) { return answer }
        if case .answer(let answer) = DecideStage.run(&exchange) { return answer }
        if case .answer(let answer) = ResourceStage.run(&exchange, panel: self.panel) { return answer }
        if case .answer(let answer) = SpecStage.run(&exchange) { return answer }
        if case .answer(let answer) = FixtureStage.run(&exchange) { return answer }
        if case .answer(let answer) = ScriptStage.run(&exchange, upstream: self.upstream, memo: &memo) {
            return answer
        }
        // The decide and fixture stages always leave the script stage a
        // decision and an answer to finish.
        preconditionFailure("the decision's stages ended without an answer")
    }
}
