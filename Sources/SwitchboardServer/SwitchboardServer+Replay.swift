import NIOCore
import NIOPosix

/// `p` on the screen: a journaled request sent again, from this process to
/// the server's own address, on a connection of its own, on the server's
/// event loops (the screen thread never waits for it).
extension SwitchboardServer {
    /// Why a request sent to the server itself got no status line.
    public struct ReplayFailure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Sends `bytes` (a whole request that asks for `Connection: close`) to
    /// the listening address; the status code of the answer.
    public func sendToItself(_ bytes: [UInt8]) async throws(ReplayFailure) -> Int {
        guard let listening = self.channel.withLock({ $0?.localAddress }), let port = listening.port else {
            throw ReplayFailure(description: "the server is not listening")
        }
        let loopback = if case .v6 = listening { "::1" } else { "127.0.0.1" }
        let wildcard = listening.ipAddress == "0.0.0.0" || listening.ipAddress == "::"
        let host = wildcard ? loopback : (listening.ipAddress ?? loopback)
        do {
            let answer = try await ClientBootstrap(group: self.group)
                .connectTimeout(.seconds(5))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(StatusLineReader())
                    }
                }
                .connect(host: host, port: port)
                .flatMap { channel in
                    channel.writeAndFlush(channel.allocator.buffer(bytes: bytes)).flatMap {
                        channel.pipeline.handler(type: StatusLineReader.self).flatMap { $0.status.futureResult }
                    }
                }
                .get()
            return answer
        } catch let failure as ReplayFailure {
            throw failure
        } catch {
            throw ReplayFailure(description: "\(error)")
        }
    }
}

/// Reads an answer until the connection closes and fulfils `status` with
/// its status code (the body is not kept).
private final class StatusLineReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    /// Made when the handler joins a pipeline, on that channel's loop.
    private var promise: EventLoopPromise<Int>?
    private var head: [UInt8] = []

    var status: EventLoopPromise<Int> { self.promise! }

    func handlerAdded(context: ChannelHandlerContext) {
        self.promise = context.eventLoop.makePromise()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // The status line is within the first few bytes; nothing after it matters.
        guard self.head.count < 64 else { return }
        var buffer = self.unwrapInboundIn(data)
        self.head += buffer.readBytes(length: min(64 - self.head.count, buffer.readableBytes)) ?? []
    }

    func channelInactive(context: ChannelHandlerContext) {
        let line = String(decoding: self.head, as: UTF8.self)
        let parts = line.split(separator: " ", maxSplits: 2)
        if parts.count >= 2, parts[0].hasPrefix("HTTP/"), let code = Int(parts[1]) {
            self.promise?.succeed(code)
        } else {
            let failure = SwitchboardServer.ReplayFailure(
                description: self.head.isEmpty
                    ? "the connection closed without an answer" : "the answer had no status line")
            self.promise?.fail(failure)
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        self.promise?.fail(SwitchboardServer.ReplayFailure(description: "\(error)"))
        context.close(promise: nil)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.promise?.fail(SwitchboardServer.ReplayFailure(description: "the connection went away"))
    }
}
