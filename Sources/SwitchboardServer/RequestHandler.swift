import NIOCore
import NIOHTTP1
import SwitchboardCore
import Synchronization

/// Answers the requests of one connection, one at a time (NIO's pipelining
/// handler in front of it holds back the next request until this one's
/// response has ended).
///
/// A delay is an event-loop timer, never a sleeping thread: a thousand
/// delayed requests cost a thousand timers.
final class RequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let responder: Responder
    private var catalog: ResponseCatalog?
    private var state = State.idle

    private enum State {
        case idle
        case receiving(Request)
        /// Waiting for an injected delay to pass before writing.
        case delaying(Request, PreparedResponse, Scheduled<Void>)
    }

    struct Request {
        let head: HTTPRequestHead
        let arrived: NIODeadline
        let wallTime: Double
    }

    init(responder: Responder) {
        self.responder = responder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch self.unwrapInboundIn(data) {
        case .head(let head):
            self.state = .receiving(Request(head: head, arrived: .now(), wallTime: WallClock.now()))
        case .body:
            break
        case .end:
            guard case .receiving(let request) = self.state else { return }
            self.responder.inFlight.add(1, ordering: .relaxed)
            self.respond(to: request, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // The client hung up while we were holding its response back.
        if case .delaying(let request, let response, let task) = self.state {
            task.cancel()
            self.state = .idle
            self.record(request, response, status: Self.clientClosed)
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// nginx's "client closed request": the response was never delivered.
    static let clientClosed = 499

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
        guard response.delay > .zero else {
            self.write(response, for: request, context: context)
            return
        }
        let task = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(response.delay.nanoseconds)) {
            self.write(response, for: request, context: context)
        }
        self.state = .delaying(request, response, task)
    }

    private func write(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
        var headers = response.headers
        let keepAlive = request.head.isKeepAlive
        if !keepAlive {
            headers.replaceOrAdd(name: "Connection", value: "close")
        } else if request.head.version == .http1_0 {
            headers.replaceOrAdd(name: "Connection", value: "keep-alive")
        }
        let head = HTTPResponseHead(version: request.head.version, status: response.status, headers: headers)
        // The next pipelined request may arrive while `.end` is written.
        self.state = .idle
        context.write(self.wrapOutboundOut(.head(head)), promise: nil)
        if request.head.method != .HEAD && response.body.readableBytes > 0 {
            context.write(self.wrapOutboundOut(.body(.byteBuffer(response.body))), promise: nil)
        }
        // Journal before the last byte leaves, so anyone who has seen the
        // response can already find it in the journal.
        self.record(request, response, status: Int(response.status.code))
        if keepAlive {
            context.writeAndFlush(self.wrapOutboundOut(.end(nil)), promise: nil)
        } else {
            context.writeAndFlush(self.wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        }
    }

    private func record(_ request: Request, _ response: PreparedResponse, status: Int) {
        self.responder.inFlight.subtract(1, ordering: .relaxed)
        let elapsed = NIODeadline.now() - request.arrived
        self.responder.journal.record(
            JournalEntry(
                time: request.wallTime, method: request.head.method.rawValue, target: request.head.uri,
                status: status, duration: .nanoseconds(elapsed.nanoseconds), endpointID: response.endpointID,
                mode: response.mode, latency: response.latency, injectedDelay: response.delay,
                unmatched: response.unmatched))
    }
}
