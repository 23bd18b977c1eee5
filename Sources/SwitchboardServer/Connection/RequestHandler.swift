import NIOCore
import NIOHTTP1
import SwitchboardCore

/// Answers the requests of one connection, one at a time. What the
/// connection is doing is `connection`, a value that decides; this class
/// does the I/O it asks for, and hands each answer's plan to its
/// `AnswerWriter` and each control request to a `ControlExchange`. A request
/// that arrives while the previous one is still being answered (pipelining)
/// waits there, and reading stops until the answer is out.
///
/// Every wait is an event-loop timer, never a sleeping thread: a delay, each
/// chunk of a bandwidth-limited body, and a `hang` (which simply waits for
/// the client to go away). A thousand delayed requests cost a thousand timers.
final class RequestHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    let responder: Responder
    let limits: ServerLimits
    /// The timer that wakes at the clock's next deadline (`armClock`).
    var clockTimer: Scheduled<Void>?
    /// Runs the answers' plans on the channel, and journals them. Kept with
    /// the state and reached by pointer: as a `lazy var` each use was a
    /// dynamic exclusivity check and a nil test, some 43 instructions, twice
    /// a request.
    var writer: AnswerWriter { self.fields.pointee.writer }
    /// A read waiting for the journal's writers (`readOn`).
    var pendingRead: Scheduled<Void>?
    /// The control API request under way, while there is one.
    var control: ControlExchange?
    private var refusals: RefusalWriter { RefusalWriter(journal: self.responder.journal) }
    /// Does the I/O of the connection's live requests.
    lazy var relay = LiveRelayDriver(handler: self)
    var snapshot: PanelSnapshot? { self.answers.snapshot }

    /// What changes with every request — the connection's state, its
    /// clock and its answers — kept in one buffer and reached by pointer.
    /// As stored properties of this class, each change was a dynamic
    /// exclusivity check (about 90 instructions, a dozen a request): the
    /// compiler cannot prove them apart when NIO's code runs inside an
    /// access. The handler is only ever used on its event loop, one call
    /// at a time, and no access to one of these is nested in another to
    /// the same one.
    private struct State {
        var clock: ConnectionClock
        var connection: ConnectionStateMachine
        var answers: ConnectionAnswers
        /// Set once, in `init` (the writer reports its steps to this handler).
        var writer: AnswerWriter!
    }

    private let state: ManagedBuffer<State, Void>

    /// Valid for as long as the handler lives: `state` holds the buffer.
    private var fields: UnsafeMutablePointer<State> {
        self.state.withUnsafeMutablePointerToHeader { $0 }
    }

    var clock: ConnectionClock {
        _read { yield self.fields.pointee.clock }
        _modify { yield &self.fields.pointee.clock }
    }

    var connection: ConnectionStateMachine {
        _read { yield self.fields.pointee.connection }
        _modify { yield &self.fields.pointee.connection }
    }

    private var answers: ConnectionAnswers {
        _read { yield self.fields.pointee.answers }
        _modify { yield &self.fields.pointee.answers }
    }

    typealias Request = ConnectionStateMachine.Request

    init(responder: Responder, limits: ServerLimits) {
        self.responder = responder
        self.limits = limits
        let state = State(
            clock: ConnectionClock(limits: limits),
            connection: ConnectionStateMachine(maxBodyBytes: limits.maxBodyBytes),
            answers: ConnectionAnswers(responder: responder))
        self.state = ManagedBuffer<State, Void>.create(minimumCapacity: 0) { _ in state }
        self.fields.pointee.writer = AnswerWriter(
            responder: responder, snapshot: { [unowned self] in self.snapshot },
            report: { [unowned self] step, context in self.answerStepped(step, context: context) })
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.writer.wire = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = self.unwrapInboundIn(data)
        switch self.connection.partDecoded(part) {
        case .handle: self.handle(part, context: context)
        case .held, .ignored: break
        }
    }

    /// (`consuming`: the head moves into the request, not copied there.)
    func handle(_ part: consuming HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch consume part {
        case .head(let head):
            var request = self.request(for: head, context: context)
            let decided = self.decideAtHead(&request)
            switch self.connection.headReceived(consume request, decided: decided) {
            case .readBody: self.clock.headReceived()
            case let action: self.run(action, context: context)
            }
        case .body(var buffer):
            self.run(self.connection.bodyReceived(&buffer), context: context)
        case .end:
            switch self.connection.endReceived() {
            case .answer(let request): self.answer(request, context: context)
            case let action: self.run(action, context: context)
            }
        }
    }

    /// Does what the connection decided (see `ConnectionStateMachine.Action`).
    /// Returns what a caller must chain on, if anything: for the exchange
    /// with the upstream, the future the transport waits on before it reads
    /// on (the write of a relayed part, or a failure).
    /// (`consuming`: each case's request and answer move out of the
    /// action rather than being copied and the action then destroyed.)
    @discardableResult
    func run(
        _ action: consuming ConnectionStateMachine.Action, context: ChannelHandlerContext
    ) -> EventLoopFuture<Void>? {
        switch consume action {
        case .none:
            break
        case .unexpected(let event):
            self.unexpected(event, context: context)
        case .readBody:
            self.clock.headReceived()
        case .sendContinue(let version):
            self.clock.headReceived()
            self.sendContinue(version, context: context)
        case .refuseHead(let request, let refusal):
            self.clock.headReceived()
            self.refuse(request, refusal, context: context)
        case .refuse(let request, let refusal):
            self.refuse(request, refusal, context: context)
        case .refuseSlowHead:
            self.refusals.refuseSlowHead(with: self.writer, context: context)
        case .refuseStalledBody(let request):
            self.refuse(request, .stalledBody(timeout: self.limits.bodyTimeout), context: context)
        case .stream(let request, let response, let sendContinue):
            self.clock.headReceived()
            self.clock.requestReceived()
            self.responder.inFlight.wrappingIncrement(by: 1, ordering: .relaxed)
            if sendContinue { self.sendContinue(request.head.version, context: context) }
            self.relay.forward(request, response, context: context)
        case .answer(let request):
            self.answer(request, context: context)
        case .answerControl(let request):
            self.clock.requestReceived()
            // Busy until the answer is complete: an export takes a while,
            // and a connection sending one is not idle.
            self.control = ControlExchange(request, responder: self.responder, writer: self.writer, context: context)
            self.control?.start()
        case .relay(let request, let response):
            self.relay.forward(request, response, context: context)
        case .upstream(let action):
            return self.relay.run(action, context: context)
        case .uploadEnded(let action):
            self.clock.requestReceived()
            return self.relay.run(action, context: context)
        case .abortUpload(let action):
            self.relay.run(action, context: context)
            context.close(promise: nil)
        case .drainHeld:
            self.drainHeld(context: context)
        case .refuseHeld(let thenClose):
            self.refuseHeld(context: context)
            if thenClose { context.close(promise: nil) }
        case .closeIfSent:
            if self.stillSending(context: context) {
                self.armClock(context: context)
            } else {
                context.close(promise: nil)
            }
        case .close:
            context.close(promise: nil)
        case .lingerThenClose:
            self.lingerThenClose(context: context)
        case .finishNow(let request, let response, let resume):
            self.writer.finishNow(request, response, resume, context: context)
            context.close(mode: .all, promise: nil)
        case .endHang(let request, let response):
            self.writer.record(request, response, .ran, now: context.eventLoop.now)
            // Closed already when its client gave up.
            if context.channel.isActive { context.close(promise: nil) }
        case .refuseArriving(let request):
            self.responder.journal.record(JournalEntry(refused: request, .stoppedArriving, now: context.eventLoop.now))
            context.close(promise: nil)
        case .clientLeft(let request, let response):
            // Before its head went out: during its delay, or while its body was made.
            let end: AnswerEnd = self.writer.headSentAt == nil ? .leftWaiting : .clientLeft
            self.writer.record(request, response, end, now: context.eventLoop.now)
        case .leftMidRequest(let request):
            self.responder.journal.record(
                JournalEntry(
                    unseen: request, status: .clientLeft, reason: "client left before the request was complete",
                    now: context.eventLoop.now))
        }
        return nil
    }

    private func refuse(_ request: Request?, _ refusal: Refusal, context: ChannelHandlerContext) {
        self.connection.closing()
        self.refusals.refuse(request, refusal, context: context)
    }

    private func sendContinue(_ version: HTTPVersion, context: ChannelHandlerContext) {
        let proceed = HTTPResponseHead(version: version, status: .continue)
        context.writeAndFlush(self.wrapOutboundOut(.head(proceed)), promise: nil)
    }

    /// A request as its head arrives, its headers read once (`HeaderFacts`).
    func request(for head: consuming HTTPRequestHead, context: ChannelHandlerContext) -> Request {
        let method = head.method
        let connect = if case .CONNECT = method { true } else { false }
        let headers = HeaderFacts(head.headers)
        let isControl = ControlAPI.addresses(head.uri)
        let keepAlive = head.isKeepAlive && self.responder.keepAlive && !connect
        return Request(
            head: head, arrived: context.eventLoop.now, wallTime: WallClock.now(),
            // NIO's parser reads nothing after a CONNECT (it would be tunnel
            // bytes): its refusal is the connection's last answer.
            isControl: isControl, keepAlive: keepAlive,
            fromPage: self.responder.cors && headers.hasOrigin, headers: headers, method: method)
    }

    /// While some request may go live, its answer is decided as its head
    /// arrives, once (what that means for its body is the connection's to
    /// say: `headReceived`). One only its body can route is decided once
    /// that is in, and keeps it whole, as it may go live then.
    func decideAtHead(_ request: inout Request) -> PreparedResponse? {
        guard self.responder.decidesAtHead.load(ordering: .relaxed), !request.isControl, request.hostProblem == nil
        else { return nil }
        guard let decided = self.answers.prepareAtHead(request.head, arrived: request.arrived) else {
            request.keepsWholeBody = true
            return nil
        }
        return decided
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.stopClock()
        self.pendingRead?.cancel()
        self.pendingRead = nil
        // Whatever the state: after `unexpected` it is `closing`, and a
        // timer armed before must not write to a closed channel.
        self.writer.cancelWait()
        // Let go too: the exchange holds the context, which holds this handler.
        self.control?.stop()
        self.control = nil
        self.run(self.connection.inactive(now: context.eventLoop.now), context: context)
        context.fireChannelInactive()
    }

    /// An event the connection's state rules out: a bug, loud in debug
    /// builds; in release builds the connection closes.
    func unexpected(_ event: String, context: ChannelHandlerContext) {
        assertionFailure("RequestHandler: \(event)")
        self.connection.closing()
        context.close(promise: nil)
    }

    /// A request is all in (`.answer`). Also taken by `handle` before
    /// `run`: the two events of a plain GET, peeled off so that its request
    /// is not moved into and out of an `Action` the size of its largest
    /// case, through a `run` the compiler does not inline (with the
    /// `.drainHeld` in `answerStepped`, some 900 instructions a request).
    @inline(__always)
    private func answer(_ request: Request, context: ChannelHandlerContext) {
        self.clock.requestReceived()
        self.responder.inFlight.wrappingIncrement(by: 1, ordering: .relaxed)
        self.respond(to: request, context: context)
    }

    private func respond(to request: Request, context: ChannelHandlerContext) {
        // A remembered answer is run from where it is kept, not copied.
        if let decided = request.decided {
            self.writer.run(decided.answer, for: request, context: context)
            return
        }
        if let remembered = self.answers.remembered(request) {
            self.writer.run(remembered.answer, for: request, context: context)
            return
        }
        let prepared = self.answers.prepare(request.head, arrived: request.arrived, body: request.body)
        guard let validation = prepared.validation else {
            self.writer.run(prepared, for: request, context: context)
            return
        }
        self.awaitCheck(validation, prepared, for: request, context: context)
    }

    /// The request's check against its description runs off the loop
    /// (`OffLoopWork`), the connection waiting as for a body made later;
    /// then the request is prepared again with what it found, and answered.
    private func awaitCheck(
        _ validation: RequestValidation, _ pending: PreparedResponse, for request: Request,
        context: ChannelHandlerContext
    ) {
        guard self.answerStepped(.bodyMaking(request, pending), context: context) else { return }
        let loop = context.eventLoop
        self.responder.checks.run(on: loop) { validation.violations() }.assumeIsolated().whenComplete { result in
            let made = AnswerStep.bodyMade(request, pending, channelOpen: context.channel.isActive)
            guard self.answerStepped(made, context: context) else { return }
            // The pool stopped (the server is stopping): answered unchecked.
            let checked = (try? result.get()) ?? []
            self.writer.run(
                self.answers.prepare(request.head, arrived: request.arrived, body: request.body, checked: checked),
                for: request, context: context)
        }
    }

    /// A step of the answer under way (`AnswerWriter`'s report, or this
    /// handler's own while a request is checked): the connection decides,
    /// this runs what it decided. `true` when the answer goes on.
    @discardableResult
    func answerStepped(_ step: AnswerStep, context: ChannelHandlerContext) -> Bool {
        if case .finished(let now) = step { self.clock.responseFinished(now: now) }
        switch self.connection.answerStepped(step) {
        case .none:
            return true
        case .drainHeld:
            // Every keep-alive answer's end: here, not in `run`, which the
            // compiler does not inline (some 480 instructions a request).
            self.drainHeld(context: context)
            return false
        case .unexpected(let event):
            // Journaled first, as far as it went, or the in-flight count
            // that shutdown waits on would stay one too high.
            self.writer.cancelWait()
            if let (request, response) = step.answer {
                let end = AnswerEnd.brokenOff(headSent: self.writer.headSentAt != nil)
                self.writer.record(request, response, end, now: context.eventLoop.now)
            }
            self.unexpected(event, context: context)
            return false
        case let action:
            self.run(action, context: context)
            return false
        }
    }
}
