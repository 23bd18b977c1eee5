import NIOCore
import NIOHTTP1
import SwitchboardCore

/// The server is stopping: answer what is waiting now rather than drop it.
struct ServerStopping: Sendable {}

/// Refusals and shutdown: requests that never reach an endpoint, and
/// requests still in flight when the server stops.
extension RequestHandler {
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ServerStopping else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        // A long poll is not held past the server: its connection closes.
        self.control?.stop()
        switch self.connection.stopping() {
        case .finishNow(let request, let response, let resume):
            self.writer.finishNow(request, response, resume, context: context)
            context.close(mode: .all, promise: nil)
        case .endHang(let request, let response):
            self.writer.record(request, response, .ran, now: context.eventLoop.now)
            context.close(promise: nil)
        case .refuseArriving(let request):
            self.recordRejection(
                status: .answered(503), reason: "server stopped while the request arrived", request: request,
                now: context.eventLoop.now)
            context.close(promise: nil)
        case .awaitUpstream:
            break
        case .close:
            self.refuseHeld(context: context)
            context.close(promise: nil)
        }
    }

    /// Requests held behind the last response when the server stopped are
    /// journaled as refused (503), like a request still arriving then: the
    /// server read them and will never answer them, and the client sees the
    /// connection close without an answer, in both cases. (Not "client
    /// left": the client did nothing wrong, and was still there.) No
    /// endpoint saw them, so no hit counts them.
    func refuseHeld(context: ChannelHandlerContext) {
        let now = context.eventLoop.now
        for head in self.connection.dropHeld() {
            let request = self.request(for: head, context: context)
            guard !request.isControl else { continue }
            self.recordRejection(
                status: .answered(503), reason: "server stopped before the request was answered", request: request,
                now: now)
        }
    }

    /// A body over the limit: 413 at once, journaled, and the connection
    /// closed (the rest of the body is not read).
    func rejectBody(_ request: Request, context: ChannelHandlerContext) {
        let reason = "body over \(ByteSize.format(self.limits.maxBodyBytes))"
        self.reject(
            request, status: .payloadTooLarge, reason: reason, message: "request \(reason) (see --max-body-size)",
            context: context)
    }

    /// Refuses a request no endpoint will see: journals why (with what was
    /// received of it and the answer), answers with a JSON error, and closes
    /// the connection once that is written.
    func reject(
        _ request: Request?, status: HTTPResponseStatus, reason: String, message: String,
        context: ChannelHandlerContext
    ) {
        self.connection.closing()
        let body = ErrorBody.buffer(ErrorBody.code(refusing: status), message)
        let headers = HTTPHeaders([
            ("Connection", "close"), ("Content-Type", "application/json"),
            ("Content-Length", String(body.readableBytes)),
        ])
        if request?.isControl != true {
            self.recordRejection(
                status: .answered(Int(status.code)), reason: reason, request: request, answer: (headers, body),
                now: context.eventLoop.now)
        }
        let head = HTTPResponseHead(version: request?.head.version ?? .http1_1, status: status, headers: headers)
        context.write(self.wrapOutboundOut(.head(head)), promise: nil)
        context.write(self.wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(self.wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    /// Journals a request that no endpoint saw, with what arrived of it
    /// and what it was answered, if anything.
    func recordRejection(
        status: JournalEntry.Status, reason: String, request: Request?, answer: (HTTPHeaders, ByteBuffer)? = nil,
        now: NIODeadline
    ) {
        let details = request.map { request in
            CapturedExchange(
                head: request.head, requestBody: request.body, requestBodySize: request.bodySize,
                responseHeaders: answer?.0 ?? HTTPHeaders(), responseBody: answer?.1 ?? ByteBuffer(),
                sharesResponseBody: false)
        }
        var entry = JournalEntry(
            time: request?.wallTime ?? WallClock.now(), method: request?.head.method.rawValue ?? "-",
            target: request?.head.uri ?? "-", status: status,
            duration: .nanoseconds(request.map { (now - $0.arrived).nanoseconds } ?? 0), endpointID: nil, mode: nil,
            latency: nil, details: details)
        entry.rejection = reason
        self.responder.journal.record(entry)
    }
}
