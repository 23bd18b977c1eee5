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
        let handler = self.handler.value
        let context = self.context.value
        return handler.run(handler.connection.upstreamHeadReceived(head, now: context.eventLoop.now), context: context)
    }

    func bodyPart(_ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let handler = self.handler.value
        let context = self.context.value
        return handler.run(
            handler.connection.upstreamBodyReceived(buffer, now: context.eventLoop.now), context: context)
    }

    func end() {
        let handler = self.handler.value
        let context = self.context.value
        handler.run(handler.connection.upstreamFinished(now: context.eventLoop.now), context: context)
    }

    func failed(_ failure: UpstreamFailure) {
        let handler = self.handler.value
        let context = self.context.value
        handler.run(handler.connection.upstreamFailed(failure, now: context.eventLoop.now), context: context)
    }

    func bodyWriterReady(_ writer: any UpstreamBodyWriter) -> EventLoopFuture<Void> {
        let loop = self.handler.eventLoop
        guard loop.inEventLoop else {
            return loop.flatSubmit { self.handler.value.uploadWriterReady(writer, context: self.context.value) }
        }
        return self.handler.value.uploadWriterReady(writer, context: self.context.value)
    }
}
