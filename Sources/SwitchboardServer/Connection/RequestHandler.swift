import NIOCore
import NIOHTTP1
import SwitchboardCore

/// Answers the requests of one connection, one at a time. What the
/// connection is doing is `connection`, a value that decides; this class
/// does the I/O it asks for. A request that arrives while the previous one
/// is still being answered (pipelining) waits there, and reading stops
/// until the answer is out.
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
    var clock: ConnectionClock
    var connection: ConnectionStateMachine
    /// The timer holding the current response back, while there is one.
    var wait: Scheduled<Void>?
    /// A control API long poll held until a request arrives, while there is one.
    var longPoll: LongPoll?
    /// The live request on its way to the upstream, while there is one
    /// (what it decides is in the connection's `UpstreamStateMachine`).
    var upstreamCall: (any UpstreamCall)?
    /// When the response under way sent its status line, for the journal's
    /// time to first byte (one response is under way at a time).
    var headSentAt: NIODeadline?
    /// The response encoder's context: prebuilt responses are written from
    /// there, as finished bytes.
    var wireContext: ChannelHandlerContext?
    private var catalog: ResponseCatalog?
    /// The last `Retry-After` this connection carried: without a key
    /// header, the connection is the client a retry is early for.
    private var retry = RetryDeadline()
    /// The responder's snapshot and catalog as of the panel's `version`;
    /// refreshed when that moves.
    private(set) var snapshot: PanelSnapshot?

    typealias Request = ConnectionStateMachine.Request
    typealias Resume = ConnectionStateMachine.Resume

    init(responder: Responder, limits: ServerLimits) {
        self.responder = responder
        self.limits = limits
        self.clock = ConnectionClock(limits: limits)
        self.connection = ConnectionStateMachine(maxBodyBytes: limits.maxBodyBytes)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.wireContext = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = self.unwrapInboundIn(data)
        switch self.connection.partDecoded(part) {
        case .handle: self.handle(part, context: context)
        case .held, .ignored: break
        }
    }

    func handle(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch part {
        case .head(let head):
            let request = self.request(for: head, context: context)
            switch self.connection.headReceived(request, decided: self.decideAtHead(request)) {
            case .stream(let request, let response, let sendContinue):
                self.clock.headReceived()
                self.clock.requestReceived()
                self.responder.inFlight.wrappingIncrement(by: 1, ordering: .relaxed)
                if sendContinue {
                    let proceed = HTTPResponseHead(version: head.version, status: .continue)
                    context.writeAndFlush(self.wrapOutboundOut(.head(proceed)), promise: nil)
                }
                self.forward(request, response, streaming: true, context: context)
            case .receive:
                self.clock.headReceived()
            case .sendContinue:
                self.clock.headReceived()
                let proceed = HTTPResponseHead(version: head.version, status: .continue)
                context.writeAndFlush(self.wrapOutboundOut(.head(proceed)), promise: nil)
            case .refuse(let request, let status, let reason):
                self.clock.headReceived()
                self.reject(request, status: status, reason: reason, message: reason, context: context)
            case .refuseBody(let request):
                self.clock.headReceived()
                self.rejectBody(request, context: context)
            case .ignore:
                break
            case .unexpected(let event):
                self.unexpected(event, context: context)
            }
        case .body(var buffer):
            switch self.connection.bodyReceived(&buffer) {
            case .receive, .ignore: break
            case .forward(let action): self.run(action, context: context)
            case .refuseBody(let request): self.rejectBody(request, context: context)
            case .unexpected(let event): self.unexpected(event, context: context)
            }
        case .end:
            switch self.connection.endReceived() {
            case .answer(let request):
                self.clock.requestReceived()
                self.responder.inFlight.wrappingIncrement(by: 1, ordering: .relaxed)
                self.respond(to: request, context: context)
            case .answerControl(let request):
                self.clock.requestReceived()
                // Busy until the answer is complete: an export takes a while,
                // and a connection sending one is not idle.
                self.answerControl(request, context: context)
            case .endUpload(let action):
                self.clock.requestReceived()
                self.run(action, context: context)
            case .ignore:
                break
            case .unexpected(let event):
                self.unexpected(event, context: context)
            }
        }
    }

    /// A request as its head arrives.
    func request(for head: HTTPRequestHead, context: ChannelHandlerContext) -> Request {
        Request(
            head: head, arrived: context.eventLoop.now, wallTime: WallClock.now(),
            // NIO's parser reads nothing after a CONNECT (it would be tunnel
            // bytes): its refusal is the connection's last answer.
            isControl: ControlAPI.addresses(head.uri),
            keepAlive: head.isKeepAlive && self.responder.keepAlive && head.method != .CONNECT,
            fromPage: self.responder.cors && head.headers.contains(name: "Origin"))
    }

    /// While some request may go live, its answer is decided as its head
    /// arrives, once (what that means for its body is the connection's to
    /// say: `headReceived`).
    func decideAtHead(_ request: Request) -> PreparedResponse? {
        guard self.responder.forwardsBodies.load(ordering: .relaxed), !request.isControl,
            HostHeaderRule.problem(in: request.head) == nil
        else { return nil }
        return self.prepare(request.head, arrived: request.arrived)
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.stopClock()
        // Whatever the state: after `unexpected` it is `closing`, and a
        // timer armed before must not write to a closed channel.
        self.wait?.cancel()
        self.wait = nil
        self.endLongPoll()
        switch self.connection.inactive() {
        case .clientLeft(let request, let response):
            // The client hung up while we were holding its response back.
            self.record(request, response, status: .clientLeft, now: context.eventLoop.now)
        case .hangEnded(let request, let response):
            self.record(request, response, status: .noStatusLine, now: context.eventLoop.now)
        case .leftMidRequest(let request):
            self.recordRejection(
                status: .clientLeft, reason: "client left before the request was complete", request: request,
                now: context.eventLoop.now)
        case .uploadAbandoned(let request, let response):
            self.abortUpload(
                request, response, why: "client left mid-upload", status: .clientLeft, context: context)
        case .upstreamAbandoned(let request, let response):
            self.liveClosed(request, response, context: context)
        case .none:
            break
        }
        context.fireChannelInactive()
    }

    /// An event the connection's state rules out: a bug, loud in debug
    /// builds; in release builds the connection closes.
    func unexpected(_ event: String, context: ChannelHandlerContext) {
        assertionFailure("RequestHandler: \(event)")
        self.connection.closing()
        context.close(promise: nil)
    }

    private func respond(to request: Request, context: ChannelHandlerContext) {
        let response = request.decided ?? self.prepare(request.head, arrived: request.arrived)
        if let file = response.diskFile {
            // No longer arriving: no body deadline, no "client left" entry.
            guard self.check(self.connection.fileReadStarted(), request, response, context: context) else { return }
            self.readFromDisk(file, response, for: request, context: context)
            return
        }
        self.answer(response, for: request, context: context)
    }

    /// The answer to a request with this head, from the panel's latest
    /// snapshot.
    private func prepare(_ head: HTTPRequestHead, arrived: NIODeadline) -> PreparedResponse {
        let snapshot: PanelSnapshot
        let catalog: ResponseCatalog
        if let cached = self.snapshot, let compiled = self.catalog, cached.version == self.responder.panel.version {
            snapshot = cached
            catalog = compiled
        } else {
            // The pair the responder published: its responses are compiled
            // already (see `Responder.publish`).
            let ready = self.responder.current
            snapshot = ready.snapshot
            catalog = ready.catalog
            self.snapshot = snapshot
            self.catalog = catalog
        }
        return self.responder.prepare(
            head: head, snapshot: snapshot, catalog: catalog, now: arrived, retry: &self.retry)
    }

    /// Sends a prepared response, after its injected delay if it has one.
    func answer(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
        // No closure for the common case: it would be an allocation per request.
        guard response.delay > .zero else {
            self.perform(response, for: request, context: context)
            return
        }
        self.wait = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(response.delay)) {
            self.wait = nil
            guard self.check(self.connection.waitEnded(), request, response, context: context) else { return }
            self.perform(response, for: request, context: context)
        }
        self.check(self.connection.waitStarted(request, response, until: .respond), request, response, context: context)
    }

    /// A step of a response that its state rules out: see `unexpected`.
    /// The request is journaled first (`status`: what the client got, as
    /// far as it goes), or the in-flight count that shutdown waits on would
    /// stay one too high; a timer armed for it is cancelled.
    @discardableResult
    func check(
        _ progress: ConnectionStateMachine.Progress, _ request: Request, _ response: PreparedResponse,
        status: JournalEntry.Status = .noStatusLine, context: ChannelHandlerContext
    ) -> Bool {
        guard case .unexpected(let event) = progress else { return true }
        self.wait?.cancel()
        self.wait = nil
        self.record(request, response, status: status, now: context.eventLoop.now)
        self.unexpected(event, context: context)
        return false
    }

    /// Runs a response's plan (see `AnswerPlan`): the handler decides
    /// nothing here about what goes on the wire.
    func perform(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
        if response.hasToxics,
            self.sendWithToxics(response.withRateLimitHeaders(), for: request, context: context)
        {
            return
        }
        if case .answer(let body) = response.plan, body.rate == nil, body.cut == nil, let wire = response.wire,
            let raw = self.wireContext, request.keepAlive, request.head.version == .http1_1,
            request.head.method != .HEAD, !request.fromPage
        {
            // The common case: the whole response was encoded when the
            // manifest loaded; one write, no encoding.
            self.record(request, response, status: .answered(Int(response.status.code)), now: context.eventLoop.now)
            self.clock.responseFinished(now: context.eventLoop.now)
            raw.writeAndFlush(NIOAny(wire), promise: nil)
            self.resume(context: context)
            return
        }
        let response = response.withRateLimitHeaders()
        switch response.plan {
        case .answer(let body):
            let sent = response.sent(isHead: request.head.method == .HEAD)
            self.writeHead(sent, for: request, context: context)
            guard let rate = body.rate else {
                if request.head.method != .HEAD && sent.body.readableBytes > 0 {
                    context.write(self.wrapOutboundOut(.body(.byteBuffer(sent.body))), promise: nil)
                }
                self.endBody(request, sent, context: context)
                return
            }
            context.flush()
            let plan = BodyTrickle(
                bytes: request.head.method == .HEAD ? 0 : sent.body.readableBytes, bytesPerSecond: rate)
            self.trickle(
                plan.chunk(at: 0), of: plan, sent, for: request, started: context.eventLoop.now, context: context)
        case .hang:
            self.check(self.connection.hangStarted(request, response), request, response, context: context)
        case .reset:
            self.resetConnection(request, response, context: context)
        case .close:
            self.connection.closing()
            self.record(request, response, status: .noStatusLine, now: context.eventLoop.now)
            context.close(promise: nil)
        case .garbage(let bytes):
            self.writeGarbage(bytes, request, response, context: context)
        case .relay:
            self.forward(request, response, context: context)
        }
    }

    func writeHead(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
        self.headSentAt = context.eventLoop.now
        if !request.fromPage, let head = response.head, request.keepAlive, request.head.version == .http1_1 {
            context.write(self.wrapOutboundOut(.head(head)), promise: nil)
            return
        }
        var headers = response.headers
        if request.fromPage { CORS.allow(request.head, in: &headers) }
        if !request.keepAlive {
            headers.replaceOrAdd(name: "Connection", value: "close")
        } else if request.head.version == .http1_0 {
            headers.replaceOrAdd(name: "Connection", value: "keep-alive")
        }
        let head = HTTPResponseHead(version: request.head.version, status: response.status, headers: headers)
        context.write(self.wrapOutboundOut(.head(head)), promise: nil)
    }

    /// Ends the response: journals it first, so anyone who has seen the
    /// response can already find it in the journal.
    func finish(_ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext) {
        self.record(request, response, status: .answered(Int(response.status.code)), now: context.eventLoop.now)
        self.writeEnd(keepAlive: request.keepAlive, context: context)
    }

    /// The response's end: on a kept-alive connection the idle clock starts
    /// and the next request is read; otherwise the connection closes once
    /// the end is written.
    func writeEnd(keepAlive: Bool, context: ChannelHandlerContext) {
        if keepAlive {
            self.clock.responseFinished(now: context.eventLoop.now)
            context.writeAndFlush(self.wrapOutboundOut(.end(nil)), promise: nil)
            self.resume(context: context)
        } else {
            self.connection.closing()
            context.writeAndFlush(self.wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
                guard self.connection.lingersOnClose else {
                    context.close(promise: nil)
                    return
                }
                self.lingerThenClose(context: context)
            }
        }
    }

    /// A body is all sent: the response ends, or, its plan cutting it, is
    /// cut short.
    func endBody(_ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext) {
        if case .answer(let body) = response.plan, body.cut != nil {
            self.cutShort(request, response, context: context)
        } else {
            self.finish(request, response, context: context)
        }
    }
}
