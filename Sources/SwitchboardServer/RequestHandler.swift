import NIOCore
import NIOHTTP1
import SwitchboardCore
import Synchronization

/// Answers the requests of one connection, one at a time: a request that
/// arrives while the previous one is still being answered (pipelining)
/// waits in `pending`, and reading stops until the answer is out.
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
    /// Set when a read decoded any part of a request (see `channelReadComplete`).
    var decodedInRead = false
    /// Parts of requests that came while one was being answered.
    var pending = CircularBuffer<HTTPServerRequestPart>()
    /// From a request's end until its response is complete.
    var answering = false
    var resuming = false
    var readPending = false
    /// The response encoder's context: prebuilt responses are written from
    /// there, as finished bytes.
    var wireContext: ChannelHandlerContext?
    private var catalog: ResponseCatalog?
    /// The panel's snapshot as of its `version`; refreshed when that moves.
    private var snapshot: PanelSnapshot?
    var state = State.idle

    enum State {
        case idle
        case receiving(Request)
        /// Waiting for an injected delay, or for the next chunk of a body.
        case waiting(Request, PreparedResponse, Scheduled<Void>, Resume)
        /// Holding the request unanswered until the client gives up.
        case hanging(Request, PreparedResponse)
        /// Its body is being read from disk; the read's completion answers
        /// it, or journals it once if the client has left by then.
        case readingFile
        /// Refused (body too large); the rest of the request is ignored.
        case rejected
    }

    /// What a wait was for, so that shutting down can finish it at once.
    enum Resume {
        case respond
        /// The body from this chunk on is still to be sent.
        case trickle(BodyTrickle.Chunk)
    }

    struct Request {
        let head: HTTPRequestHead
        let arrived: NIODeadline
        let wallTime: Double
        /// Addressed to the control API, not the fake one.
        let isControl: Bool
        /// Worked out once: each is a scan of the headers.
        let keepAlive: Bool
        /// Sent by a web page that needs CORS headers on the answer.
        let fromPage: Bool
        /// The body, kept up to a limit; `bodySize` counts all of it.
        var body: ByteBuffer?
        var bodySize = 0
    }

    /// The largest control API body accepted.
    static let controlBodyLimit = 1 << 20

    init(responder: Responder, limits: ServerLimits) {
        self.responder = responder
        self.limits = limits
        self.clock = ConnectionClock(limits: limits)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.wireContext = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = self.unwrapInboundIn(data)
        self.decodedInRead = true
        if self.answering {
            self.pending.append(part)
            return
        }
        self.handle(part, context: context)
    }

    func handle(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch part {
        case .head(let head):
            // A refused request closes the connection; nothing after it is read.
            if case .rejected = self.state { return }
            self.clock.headReceived()
            let request = Request(
                head: head, arrived: context.eventLoop.now, wallTime: WallClock.now(),
                isControl: ControlAPI.addresses(head.uri), keepAlive: head.isKeepAlive && self.responder.keepAlive,
                fromPage: self.responder.cors && head.headers.contains(name: "Origin"))
            if let problem = HostHeaderRule.problem(in: head) {
                self.reject(request, status: .badRequest, reason: problem, message: problem, context: context)
                return
            }
            self.state = .receiving(request)
            // A client that asks before sending a large body waits a second
            // for this unless it is told to go ahead (or, if the body is too
            // large, told no).
            if let expect = head.headers.first(name: "Expect"), expect.lowercased() == "100-continue" {
                if case .receiving(let request) = self.state, !request.isControl,
                    let length = head.headers.first(name: "Content-Length").flatMap(Int.init),
                    length > self.limits.maxBodyBytes
                {
                    self.rejectBody(request, context: context)
                    return
                }
                let proceed = HTTPResponseHead(version: head.version, status: .continue)
                context.writeAndFlush(self.wrapOutboundOut(.head(proceed)), promise: nil)
            }
        case .body(var buffer):
            guard case .receiving(var request) = self.state else { return }
            // Leave no second reference behind, or every chunk would copy the
            // whole body so far.
            self.state = .idle
            request.bodySize += buffer.readableBytes
            if !request.isControl && request.bodySize > self.limits.maxBodyBytes {
                self.rejectBody(request, context: context)
                return
            }
            let limit = request.isControl ? Self.controlBodyLimit : capturedBodyLimit
            let room = limit - (request.body?.readableBytes ?? 0)
            if room > 0, let slice = buffer.readSlice(length: min(room, buffer.readableBytes)) {
                // Copied: a slice would keep the decoder's whole read buffer alive.
                var body = request.body ?? ByteBuffer()
                request.body = nil
                body.writeImmutableBuffer(slice)
                request.body = body
            }
            self.state = .receiving(request)
        case .end:
            guard case .receiving(let request) = self.state else { return }
            self.clock.requestReceived()
            self.answering = true
            if request.isControl {
                self.state = .idle
                // Busy until the answer is complete: an export takes a while,
                // and a connection sending one is not idle.
                self.answerControl(request, context: context)
                return
            }
            self.responder.inFlight.add(1, ordering: .relaxed)
            self.respond(to: request, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.stopClock()
        switch self.state {
        case .waiting(let request, let response, let task, _):
            // The client hung up while we were holding its response back.
            task.cancel()
            self.state = .idle
            self.record(request, response, status: .clientLeft, now: context.eventLoop.now)
        case .hanging(let request, let response):
            self.state = .idle
            self.record(request, response, status: .noStatusLine, now: context.eventLoop.now)
        case .receiving(let request) where !request.isControl:
            // The client left before sending all of its request.
            self.state = .idle
            self.recordRejection(
                status: .clientLeft, reason: "client left before the request was complete", request: request,
                now: context.eventLoop.now)
        case .idle, .receiving, .rejected, .readingFile:
            break
        }
        context.fireChannelInactive()
    }

    /// The HTTP parser could not read the request (the decoder closes the
    /// connection right after): answer 431 or 400 when no response is under
    /// way, and put it on record. A client that left halfway through a
    /// request (invalidEOFState) is not there to answer.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError, parserError != .invalidEOFState else {
            context.close(promise: nil)
            return
        }
        var request: Request?
        switch self.state {
        case .idle: break
        case .receiving(let partial): request = partial
        default:
            // Refused already, or a response is under way: nothing to add.
            context.close(promise: nil)
            return
        }
        let (status, reason) = ParserErrors.describe(parserError)
        self.reject(request, status: status, reason: reason, message: reason, context: context)
    }

    private func respond(to request: Request, context: ChannelHandlerContext) {
        let snapshot: PanelSnapshot
        if let cached = self.snapshot, cached.version == self.responder.panel.version {
            snapshot = cached
        } else {
            snapshot = self.responder.panel.snapshot()
            self.snapshot = snapshot
        }
        let catalog: ResponseCatalog
        if let cached = self.catalog, cached.generation == snapshot.generation {
            catalog = cached
        } else {
            catalog = self.responder.catalog(for: snapshot)
            self.catalog = catalog
        }
        let response = self.responder.prepare(head: request.head, snapshot: snapshot, catalog: catalog)
        if let file = response.diskFile {
            // No longer arriving: no body deadline, no "client left" entry.
            self.state = .readingFile
            self.readFromDisk(file, response, for: request, context: context)
            return
        }
        self.answer(response, for: request, context: context)
    }

    /// Sends a prepared response, after its injected delay if it has one.
    func answer(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
        // No closure for the common case: it would be an allocation per request.
        guard response.delay > .zero else {
            self.perform(response, for: request, context: context)
            return
        }
        let task = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(response.delay)) {
            self.state = .idle
            self.perform(response, for: request, context: context)
        }
        self.state = .waiting(request, response, task, .respond)
    }

    func perform(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
        switch response.action {
        case .respond:
            if let wire = response.wire, let raw = self.wireContext, request.keepAlive,
                request.head.version == .http1_1, request.head.method != .HEAD,
                !request.fromPage
            {
                // The common case: the whole response was encoded when the
                // manifest loaded; one write, no encoding.
                self.state = .idle
                self.record(request, response, status: .answered(Int(response.status.code)), now: context.eventLoop.now)
                self.clock.responseFinished(now: context.eventLoop.now)
                raw.writeAndFlush(NIOAny(wire), promise: nil)
                self.resume(context: context)
                return
            }
            self.writeHead(response, for: request, context: context)
            if request.head.method != .HEAD && response.body.readableBytes > 0 {
                context.write(self.wrapOutboundOut(.body(.byteBuffer(response.body))), promise: nil)
            }
            self.finish(request, response, context: context)
        case .trickle(let bytesPerSecond):
            self.writeHead(response, for: request, context: context)
            context.flush()
            let plan = BodyTrickle(
                bytes: request.head.method == .HEAD ? 0 : response.body.readableBytes, bytesPerSecond: bytesPerSecond)
            self.trickle(
                plan.chunk(at: 0), of: plan, response, for: request, started: context.eventLoop.now, context: context)
        case .hang:
            self.state = .hanging(request, response)
        case .truncated:
            self.writeTruncated(response, for: request, context: context)
        case .reset:
            self.resetConnection(request, response, context: context)
        case .empty:
            self.state = .idle
            self.record(request, response, status: .noStatusLine, now: context.eventLoop.now)
            context.close(promise: nil)
        case .garbage(let bytes):
            self.writeGarbage(bytes, request, response, context: context)
        }
    }

    func writeHead(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
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
        // The next pipelined request may arrive while `.end` is written, so
        // everything about this one is settled first.
        self.state = .idle
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
            context.writeAndFlush(self.wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        }
    }

    /// A body is all sent: the response ends, or, truncated, is cut short.
    func endBody(_ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext) {
        if case .truncated = response.action {
            self.cutShort(request, response, context: context)
        } else {
            self.finish(request, response, context: context)
        }
    }

    func trickle(
        _ chunk: BodyTrickle.Chunk?, of plan: BodyTrickle, _ response: PreparedResponse, for request: Request,
        started: NIODeadline, context: ChannelHandlerContext
    ) {
        guard let chunk else {
            self.endBody(request, response, context: context)
            return
        }
        let task = context.eventLoop.assumeIsolated().scheduleTask(deadline: started + TimeAmount(chunk.at)) {
            self.state = .idle
            let slice = response.body.getSlice(at: response.body.readerIndex + chunk.offset, length: chunk.length)!
            context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(slice))), promise: nil)
            let next = plan.chunk(at: chunk.offset + chunk.length)
            self.trickle(next, of: plan, response, for: request, started: started, context: context)
        }
        self.state = .waiting(request, response, task, .trickle(chunk))
    }

    func record(_ request: Request, _ response: PreparedResponse, status: JournalEntry.Status, now: NIODeadline) {
        self.responder.inFlight.subtract(1, ordering: .relaxed)
        let elapsed = now - request.arrived
        let decision = response.decision
        let answered = if case .answered = status { true } else { false }
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
