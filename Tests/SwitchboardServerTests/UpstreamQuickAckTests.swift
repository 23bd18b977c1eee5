#if os(Linux)
    import Glibc
    import NIOCore
    import NIOPosix
    import SwitchboardCore
    import SwitchboardServer
    import Testing

    @testable import SwitchboardUpstream

    /// The upstream connections `live` makes acknowledge what they read at
    /// once: an upstream that writes an answer's head and body apart (Python's
    /// http.server) sends the body only once the head is acknowledged, and
    /// Linux holds that acknowledgement back up to 40 ms on a connection that
    /// sends a request soon after reading an answer, as every keep-alive one
    /// does. The connection here is set up as AsyncHTTPClient sets up the
    /// transport's (its pipeline, then the transport's initializer), and
    /// trades a byte for a byte with an echoing upstream; after each read it
    /// must not be in Linux's delayed-acknowledgement ("pingpong") mode, which
    /// `TCP_QUICKACK` reads as 0. (The 40 ms each such request cost is
    /// measured in scripts/bench/passthrough.sh, python-http-server.)
    @Suite struct UpstreamQuickAckTests {
        static let rounds = 6

        @Test func anUpstreamConnectionAcknowledgesEachReadAtOnce() async throws {
            let group = MultiThreadedEventLoopGroup.singleton
            let upstream = try await ServerBootstrap(group: group)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Echo()) }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            let port = try #require(upstream.localAddress?.port)
            let settings = UpstreamSettings(url: UpstreamURL(scheme: "http", host: "127.0.0.1", port: port))
            let initializer = AsyncHTTPClientTransport.configuration(settings).http1_1ConnectionDebugInitializer
            let done = group.next().makePromise(of: [Int].self)
            let client = try await ClientBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(Trader(rounds: Self.rounds, done: done))
                    }.flatMap { initializer?(channel) ?? channel.eventLoop.makeSucceededVoidFuture() }
                }
                .connect(host: "127.0.0.1", port: port).get()
            let readings = try await done.futureResult.get()
            try await client.close()
            try await upstream.close()
            #expect(readings == Array(repeating: 1, count: Self.rounds))
        }

        /// Answers every read with the same bytes, at once, in one write.
        final class Echo: ChannelInboundHandler {
            typealias InboundIn = ByteBuffer
            typealias OutboundOut = ByteBuffer

            func channelRead(context: ChannelHandlerContext, data: NIOAny) {
                context.writeAndFlush(data, promise: nil)
            }
        }

        /// Sends a byte, and after each answer reads the socket's quick-ack
        /// state, then sends the next at once, `rounds` times.
        final class Trader: ChannelInboundHandler {
            typealias InboundIn = ByteBuffer
            typealias OutboundOut = ByteBuffer

            private let rounds: Int
            private let done: EventLoopPromise<[Int]>
            private var readings: [Int] = []

            init(rounds: Int, done: EventLoopPromise<[Int]>) {
                self.rounds = rounds
                self.done = done
            }

            func channelActive(context: ChannelHandlerContext) {
                self.send(context: context)
                context.fireChannelActive()
            }

            func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

            func channelReadComplete(context: ChannelHandlerContext) {
                let option = ChannelOptions.Types.SocketOption(level: .tcp, name: .init(rawValue: TCP_QUICKACK))
                do {
                    self.readings.append(Int(try context.channel.syncOptions?.getOption(option) ?? -1))
                } catch {
                    self.done.fail(error)
                    return
                }
                if self.readings.count < self.rounds {
                    self.send(context: context)
                } else {
                    self.done.succeed(self.readings)
                }
            }

            func errorCaught(context: ChannelHandlerContext, error: any Error) {
                self.done.fail(error)
            }

            private func send(context: ChannelHandlerContext) {
                context.writeAndFlush(self.wrapOutboundOut(ByteBuffer(string: "x")), promise: nil)
            }
        }
    }
#endif
