import Atomics
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// A small upstream for the live tests, answering what a second
/// Switchboard cannot: a chunked body, a body that never ends (written only
/// as fast as the reader takes it, and counted, with a length or chunked),
/// a chunked body cut by a TCP reset, an answer that never comes, a `101`,
/// its own CORS headers; and it keeps the last request's head, to see what
/// the proxy sent.
final class NIOUpstream: Sendable {
    let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let record = Record()

    /// What the upstream has seen, shared with its connections.
    final class Record: Sendable {
        let state = NIOLockedValueBox<(head: HTTPRequestHead?, body: [UInt8], written: Int)>((nil, [], 0))
        let connections = ManagedAtomic<Int>(0)
        /// `/gather` requests waiting for the rest (all on the one loop).
        let gathered = NIOLockedValueBox<[@Sendable () -> Void]>([])
    }

    var lastHead: HTTPRequestHead? { self.record.state.withLockedValue { $0.head } }
    var lastBody: [UInt8] { self.record.state.withLockedValue { $0.body } }
    /// TCP connections accepted so far.
    var connections: Int { self.record.connections.load(ordering: .relaxed) }
    /// Bytes of `/endless` the kernel has taken so far.
    var written: Int { self.record.state.withLockedValue { $0.written } }

    init() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        self.group = group
        let record = self.record
        self.channel = try ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                record.connections.wrappingIncrement(by: 1, ordering: .relaxed)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler(record: record))
                }
            }
            .bind(host: "127.0.0.1", port: 0).wait()
        self.port = self.channel.localAddress!.port!
    }

    func stop() {
        try? self.channel.close().wait()
        try? self.group.syncShutdownGracefully()
    }

    static let chunks = ["first part, ", "second part, ", "last part"]

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let record: Record
        var head: HTTPRequestHead?
        var body: [UInt8] = []

        init(record: Record) {
            self.record = record
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch self.unwrapInboundIn(data) {
            case .head(let head):
                self.head = head
                self.body = []
            case .body(let buffer):
                self.body += buffer.readableBytesView
            case .end:
                guard let head = self.head else { return }
                let body = self.body
                self.record.state.withLockedValue {
                    $0.head = head
                    $0.body = body
                }
                self.answer(head, context: context)
            }
        }

        func answer(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
            switch head.uri.split(separator: "?").first.map(String.init) ?? "" {
            case "/chunked":
                // No length: NIO's encoder sends it chunked.
                context.write(self.wrapOutboundOut(.head(.init(version: .http1_1, status: .ok))), promise: nil)
                for chunk in NIOUpstream.chunks {
                    context.writeAndFlush(
                        self.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: chunk)))), promise: nil)
                }
                context.writeAndFlush(self.wrapOutboundOut(.end(nil)), promise: nil)
            case "/endless":
                let headers = HTTPHeaders([("Content-Length", String(1 << 30))])
                context.write(
                    self.wrapOutboundOut(.head(.init(version: .http1_1, status: .ok, headers: headers))), promise: nil)
                self.writeMore(context: context)
            case "/endless-chunked":
                context.write(self.wrapOutboundOut(.head(.init(version: .http1_1, status: .ok))), promise: nil)
                self.writeMore(context: context)
            case "/chunked-reset":
                context.write(self.wrapOutboundOut(.head(.init(version: .http1_1, status: .ok))), promise: nil)
                let first = ByteBuffer(string: NIOUpstream.chunks[0])
                context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(first)))).assumeIsolated().whenComplete {
                    _ in
                    // SO_LINGER 0: the close is a reset, mid-body.
                    guard let socket = context.channel as? any SocketOptionProvider else { return }
                    socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in
                        context.close(promise: nil)
                    }
                }
            case "/never":
                break
            case "/gather":
                // Answered once `?n=` requests wait here at once, each on a
                // connection of its own, as long polls hold a proxy's.
                let wanted = Int(head.uri.split(separator: "=").last ?? "") ?? 1
                let (handler, bound) = (
                    NIOLoopBound(self, eventLoop: context.eventLoop),
                    NIOLoopBound(context, eventLoop: context.eventLoop)
                )
                let ready = self.record.gathered.withLockedValue { waiting -> [@Sendable () -> Void] in
                    waiting.append { handler.value.echo(head, context: bound.value) }
                    guard waiting.count >= wanted else { return [] }
                    defer { waiting = [] }
                    return waiting
                }
                for answer in ready { answer() }
            case "/switch":
                // As a WebSocket server would, were an Upgrade ever sent.
                let headers = HTTPHeaders([("Connection", "Upgrade"), ("Upgrade", "websocket")])
                context.writeAndFlush(
                    self.wrapOutboundOut(
                        .head(.init(version: .http1_1, status: .switchingProtocols, headers: headers))),
                    promise: nil)
            case "/cors":
                // An upstream that speaks CORS for itself.
                let headers = HTTPHeaders([
                    ("Content-Length", "2"), ("Access-Control-Allow-Origin", "https://app.example"),
                    ("Vary", "Origin"),
                ])
                context.write(
                    self.wrapOutboundOut(.head(.init(version: .http1_1, status: .ok, headers: headers))), promise: nil)
                context.write(self.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: "{}")))), promise: nil)
                context.writeAndFlush(self.wrapOutboundOut(.end(nil)), promise: nil)
            default:
                self.echo(head, context: context)
            }
        }

        func echo(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
            let body = ByteBuffer(string: "echo \(head.method) \(head.uri)")
            let headers = HTTPHeaders([("Content-Length", String(body.readableBytes))])
            context.write(
                self.wrapOutboundOut(.head(.init(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            context.write(self.wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            context.writeAndFlush(self.wrapOutboundOut(.end(nil)), promise: nil)
        }

        /// 64 KB at a time, the next only once the last is in the kernel:
        /// the count is what the reader side has let through.
        func writeMore(context: ChannelHandlerContext) {
            let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: 64 * 1024)
            context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(chunk)))).assumeIsolated().whenSuccess {
                let total = self.record.state.withLockedValue { state in
                    state.written += chunk.readableBytes
                    return state.written
                }
                // Not from inside the completion: a reader that keeps up would
                // otherwise nest one call per chunk.
                if total < 1 << 30 {
                    context.eventLoop.assumeIsolated().execute { self.writeMore(context: context) }
                }
            }
        }
    }
}
