import NIOCore
import NIOHTTP1

/// Hands the transport's events for one live request to the connection's
/// handler. They arrive on the connection's own event loop (the transport
/// promises it), so the loop-bound handler is touched only on its thread.
///
/// Back-pressure is the futures: the transport reads no more of the
/// upstream's body until the write of the last part to our client
/// completes, so a client that stops reading fills its socket, the write
/// stays pending, and the upstream is not read.
final class LiveRelay: UpstreamReceiver {
    private let handler: NIOLoopBound<RequestHandler>
    private let context: NIOLoopBound<ChannelHandlerContext>

    init(handler: RequestHandler, context: ChannelHandlerContext) {
        self.handler = NIOLoopBound(handler, eventLoop: context.eventLoop)
        self.context = NIOLoopBound(context, eventLoop: context.eventLoop)
    }

    func head(_ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        self.handler.value.upstreamHead(head, context: self.context.value)
    }

    func bodyPart(_ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        self.handler.value.upstreamBodyPart(buffer, context: self.context.value)
    }

    func end() {
        self.handler.value.upstreamEnd(context: self.context.value)
    }

    func failed(_ failure: UpstreamFailure) {
        self.handler.value.upstreamFailed(failure, context: self.context.value)
    }

    func bodyWriterReady(_ writer: any UpstreamBodyWriter) -> EventLoopFuture<Void> {
        let loop = self.handler.eventLoop
        guard loop.inEventLoop else {
            return loop.flatSubmit { self.handler.value.uploadWriterReady(writer, context: self.context.value) }
        }
        return self.handler.value.uploadWriterReady(writer, context: self.context.value)
    }
}
