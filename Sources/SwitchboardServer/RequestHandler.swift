import NIOCore
import NIOHTTP1
import SwitchboardCore
import Synchronization

/// Answers the requests of one connection, one at a time (NIO's pipelining
/// handler in front of it holds back the next request until this one's
/// response has ended).
///
/// Every wait is an event-loop timer, never a sleeping thread: a delay, each
/// chunk of a bandwidth-limited body, and a `hang` (which simply waits for
/// the client to go away). A thousand delayed requests cost a thousand timers.
final class RequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let responder: Responder
    let connection: ConnectionGuard
    let limits: ServerLimits
    private var catalog: ResponseCatalog?
    var state = State.idle

    enum State {
        case idle
        case receiving(Request)
        /// Waiting for an injected delay, or for the next chunk of a body.
        case waiting(Request, PreparedResponse, Scheduled<Void>, Resume)
        /// Holding the request unanswered until the client gives up.
        case hanging(Request, PreparedResponse)
        /// Refused (body too large); the rest of the request is ignored.
        case rejected
    }

    /// What a wait was for, so that shutting down can finish it at once.
    enum Resume {
        case respond
        case trickle(ArraySlice<BodyTrickle.Chunk>)
    }

    struct Request {
        let head: HTTPRequestHead
        let arrived: NIODeadline
        let wallTime: Double
        /// Addressed to the control API, not the fake one.
        let isControl: Bool
        /// The body, kept up to a limit; `bodySize` counts all of it.
        var body: ByteBuffer?
        var bodySize = 0
        var keepAlive: Bool { self.head.isKeepAlive }
    }

    /// The largest control API body accepted.
    static let controlBodyLimit = 1 << 20
    /// nginx's "client closed request": the response was never delivered.
    static let clientClosed = 499

    init(responder: Responder, connection: ConnectionGuard, limits: ServerLimits) {
        self.responder = responder
        self.connection = connection
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let loop = context.eventLoop
        self.connection.onHeaderTimeout = { [unowned self] in
            self.recordRejection(status: 408, reason: "request headers took too long", request: nil, now: loop.now)
            self.state = .rejected
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch self.unwrapInboundIn(data) {
        case .head(let head):
            self.connection.headReceived()
            self.state = .receiving(
                Request(
                    head: head, arrived: context.eventLoop.now, wallTime: WallClock.now(),
                    isControl: head.uri.hasPrefix(ControlAPI.prefix)))
            // A client that asks before sending a large body waits a second
            // for this unless it is told to go ahead.
            if head.headers[canonicalForm: "expect"].contains(where: { $0.lowercased() == "100-continue" }) {
                let proceed = HTTPResponseHead(version: head.version, status: .continue)
                context.writeAndFlush(self.wrapOutboundOut(.head(proceed)), promise: nil)
            }
        case .body(var buffer):
            guard case .receiving(var request) = self.state else { return }
            request.bodySize += buffer.readableBytes
            if !request.isControl && request.bodySize > self.limits.maxBodyBytes {
                self.rejectBody(request, context: context)
                return
            }
            let limit = request.isControl ? Self.controlBodyLimit : capturedBodyLimit
            let room = limit - (request.body?.readableBytes ?? 0)
            if room > 0, let slice = buffer.readSlice(length: min(room, buffer.readableBytes)) {
                if request.body == nil {
                    request.body = slice
                } else {
                    var body = request.body!
                    request.body = nil
                    body.writeImmutableBuffer(slice)
                    request.body = body
                }
            }
            self.state = .receiving(request)
        case .end:
            guard case .receiving(let request) = self.state else { return }
            if request.isControl {
                self.state = .idle
                self.answerControl(request, context: context)
                self.connection.responseFinished(context: context)
                return
            }
            self.responder.inFlight.add(1, ordering: .relaxed)
            self.respond(to: request, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        switch self.state {
        case .waiting(let request, let response, let task, _):
            // The client hung up while we were holding its response back.
            task.cancel()
            self.state = .idle
            self.record(request, response, status: Self.clientClosed, now: context.eventLoop.now)
        case .hanging(let request, let response):
            self.state = .idle
            self.record(request, response, status: 0, now: context.eventLoop.now)
        case .idle, .receiving, .rejected:
            break
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if case .rejected = self.state {
            // Already refused and journaled; what follows is the rest of it.
        } else if let parserError = error as? HTTPParserError, parserError != .invalidEOFState {
            // (invalidEOFState: the client left halfway through a request.)
            // The protocol error handler has answered; put the request on record.
            var request: Request?
            if case .receiving(let partial) = self.state { request = partial }
            let (status, reason) = ProtocolErrorHandler.describe(parserError)
            self.recordRejection(status: Int(status.code), reason: reason, request: request, now: context.eventLoop.now)
            self.state = .rejected
        }
        context.close(promise: nil)
    }

    private func respond(to request: Request, context: ChannelHandlerContext) {
        let snapshot = self.responder.panel.snapshot()
        let catalog: ResponseCatalog
        if let cached = self.catalog, cached.generation == snapshot.generation {
            catalog = cached
        } else {
            catalog = self.responder.catalog(for: snapshot)
            self.catalog = catalog
        }
        let response = self.responder.prepare(head: request.head, snapshot: snapshot, catalog: catalog)
        // No closure for the common case: it would be an allocation per request.
        guard response.delay > .zero else {
            self.perform(response, for: request, context: context)
            return
        }
        let task = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(response.delay.nanoseconds)) {
            self.state = .idle
            self.perform(response, for: request, context: context)
        }
        self.state = .waiting(request, response, task, .respond)
    }

    func perform(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
        switch response.action {
        case .respond:
            self.writeHead(response, for: request, context: context)
            if request.head.method != .HEAD && response.body.readableBytes > 0 {
                context.write(self.wrapOutboundOut(.body(.byteBuffer(response.body))), promise: nil)
            }
            self.finish(request, response, context: context)
        case .trickle(let bytesPerSecond):
            self.writeHead(response, for: request, context: context)
            context.flush()
            let plan =
                request.head.method == .HEAD
                ? [] : BodyTrickle.plan(bytes: response.body.readableBytes, bytesPerSecond: bytesPerSecond)
            self.trickle(plan[...], response, for: request, started: context.eventLoop.now, context: context)
        case .hang:
            self.state = .hanging(request, response)
        case .truncated:
            self.writeTruncated(response, for: request, context: context)
        case .reset:
            self.resetConnection(request, response, context: context)
        case .empty:
            self.record(request, response, status: 0, now: context.eventLoop.now)
            context.close(promise: nil)
        case .garbage(let bytes):
            self.writeGarbage(bytes, request, response, context: context)
        }
    }

    func writeHead(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
        if let head = response.head, request.keepAlive, request.head.version == .http1_1 {
            context.write(self.wrapOutboundOut(.head(head)), promise: nil)
            return
        }
        var headers = response.headers
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
        // The next pipelined request may arrive while `.end` is written.
        self.state = .idle
        self.record(request, response, status: Int(response.status.code), now: context.eventLoop.now)
        if request.keepAlive {
            context.writeAndFlush(self.wrapOutboundOut(.end(nil)), promise: nil)
            self.connection.responseFinished(context: context)
        } else {
            context.writeAndFlush(self.wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        }
    }

    func trickle(
        _ chunks: ArraySlice<BodyTrickle.Chunk>, _ response: PreparedResponse, for request: Request,
        started: NIODeadline, context: ChannelHandlerContext
    ) {
        guard let chunk = chunks.first else {
            self.finish(request, response, context: context)
            return
        }
        let due = started + .nanoseconds(chunk.at.nanoseconds)
        let task = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) {
            self.state = .idle
            let slice = response.body.getSlice(at: response.body.readerIndex + chunk.offset, length: chunk.length)!
            context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(slice))), promise: nil)
            self.trickle(chunks.dropFirst(), response, for: request, started: started, context: context)
        }
        self.state = .waiting(request, response, task, .trickle(chunks))
    }

    func record(_ request: Request, _ response: PreparedResponse, status: Int, now: NIODeadline) {
        self.responder.inFlight.subtract(1, ordering: .relaxed)
        let elapsed = now - request.arrived
        let decision = response.decision
        let answered = status != 0 && status != Self.clientClosed
        let details = CapturedExchange(
            head: request.head, requestBody: request.body, requestBodySize: request.bodySize,
            responseHeaders: answered ? response.headers : HTTPHeaders(),
            responseBody: answered ? response.body : ByteBuffer(), sharesResponseBody: response.head != nil)
        self.responder.journal.record(
            JournalEntry(
                time: request.wallTime, method: request.head.method.rawValue, target: request.head.uri,
                status: status, duration: .nanoseconds(elapsed.nanoseconds), endpointID: response.endpointID,
                mode: decision?.mode, setting: decision?.setting, latency: decision?.latency,
                injectedDelay: response.delay, unmatched: response.unmatched, details: details))
    }
}
