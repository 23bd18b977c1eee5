import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The least a SwiftNIO server can do to answer the benchmark's request:
/// NIO's own request decoder, then one prebuilt response written as bytes
/// on one event loop — no routing, no journal, no log. What it costs is the
/// floor of this stack, which `scripts/bench/instructions.sh` and
/// `scripts/bench.sh` count beside Switchboard and nginx, so the ratio to
/// what the stack itself costs is measured, not assumed.
///
///     nio-floor PORT BODY_FILE
@main
enum NIOFloor {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let port = Int(arguments[1]),
            let body = FileManager.default.contents(atPath: arguments[2])
        else {
            FileHandle.standardError.write(Data("usage: nio-floor PORT BODY_FILE\n".utf8))
            exit(2)
        }
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        var response = ByteBufferAllocator().buffer(capacity: head.utf8.count + body.count)
        response.writeString(head)
        response.writeBytes(body)
        let answer = response

        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
                    try channel.pipeline.syncOperations.addHandler(Answer(response: answer))
                }
            }
            .bind(host: "127.0.0.1", port: port).wait()

        // SIGTERM closes the listener and returns from main, so that a
        // profiler running the process writes its counts.
        signal(SIGTERM, SIG_IGN)
        let stop = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
        stop.setEventHandler { channel.close(promise: nil) }
        stop.resume()
        try channel.closeFuture.wait()
        try group.syncShutdownGracefully()
    }
}

/// Writes the prebuilt response once a request has been read whole.
final class Answer: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = ByteBuffer

    let response: ByteBuffer

    init(response: ByteBuffer) {
        self.response = response
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .end = self.unwrapInboundIn(data) else { return }
        context.write(self.wrapOutboundOut(self.response), promise: nil)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        context.flush()
    }
}
