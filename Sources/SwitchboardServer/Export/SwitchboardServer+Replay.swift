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

    /// How long a replay waits for its answer before giving up.
    static let replayTimeout = TimeAmount.seconds(60)

    /// Sends `bytes` (a whole request that asks for `Connection: close`) to
    /// the listening address; the status code of the answer.
    public func sendToItself(_ bytes: [UInt8]) async throws(ReplayFailure) -> Int {
        guard let listening = self.channel.withLockedValue({ $0?.localAddress }), let port = listening.port else {
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
                    // A hanging endpoint would hold the replay for ever.
                    channel.eventLoop.scheduleTask(in: Self.replayTimeout) { channel.close(promise: nil) }
                    return channel.writeAndFlush(channel.allocator.buffer(bytes: bytes)).flatMap {
                        channel.pipeline.handler(type: StatusLineReader.self).flatMap { $0.status }
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

    /// Made when the handler joins a pipeline, on that channel's loop;
    /// `nil` once completed.
    private var promise: EventLoopPromise<Int>?
    private var head: [UInt8] = []
    /// The answer's status; read right after the handler is added.
    private(set) var status: EventLoopFuture<Int>!

    func handlerAdded(context: ChannelHandlerContext) {
        let promise = context.eventLoop.makePromise(of: Int.self)
        self.promise = promise
        self.status = promise.futureResult
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
            self.complete(.success(code))
        } else if self.head.isEmpty {
            let seconds = SwitchboardServer.replayTimeout.nanoseconds / 1_000_000_000
            self.complete(.failure("no answer (the connection closed, or nothing came within \(seconds) s)"))
        } else {
            self.complete(.failure("the answer had no status line"))
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        self.complete(.failure("\(error)"))
        context.close(promise: nil)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.complete(.failure("the connection went away"))
    }

    /// Completes the promise once; what comes after (a close after an
    /// error) is dropped.
    private func complete(_ outcome: Result<Int, ReplayReason>) {
        guard let promise = self.promise else { return }
        self.promise = nil
        switch outcome {
        case .success(let code): promise.succeed(code)
        case .failure(let reason): promise.fail(SwitchboardServer.ReplayFailure(description: reason.text))
        }
    }
}

/// Why a replay got no status, before it becomes a `ReplayFailure`.
private struct ReplayReason: Error, ExpressibleByStringInterpolation {
    var text: String

    init(stringLiteral value: String) {
        self.text = value
    }

    init(stringInterpolation: DefaultStringInterpolation) {
        self.text = String(stringInterpolation: stringInterpolation)
    }
}
