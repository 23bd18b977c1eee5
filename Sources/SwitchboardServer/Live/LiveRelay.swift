import NIOCore
import NIOHTTP1

/// Hands the transport's events for one live request to the connection's
/// handler. They arrive on the connection's own event loop (the transport
/// promises it), so the loop-bound handler is touched only on its thread.
///
/// The body's parts are relayed a pass of the loop at a time (see
/// `RelayBatch`): one write and one flush for all that a read brought.
/// Back-pressure is the futures: while a batch's write to our client is
/// out, the next part's future waits for it, and the transport reads no
/// more of the upstream's body until it completes, so a client that stops
/// reading fills its socket, the write stays pending, and the upstream is
/// not read.
final class LiveRelay: UpstreamReceiver {
    private let handler: NIOLoopBound<RequestHandler>
    private let context: NIOLoopBound<ChannelHandlerContext>
    private let batch: NIOLoopBoundBox<RelayBatch>
    /// The transport waits on it for the batch's write out.
    private let waiting: NIOLoopBoundBox<EventLoopPromise<Void>?>

    init(handler: RequestHandler, context: ChannelHandlerContext) {
        self.handler = NIOLoopBound(handler, eventLoop: context.eventLoop)
        self.context = NIOLoopBound(context, eventLoop: context.eventLoop)
        self.batch = NIOLoopBoundBox(RelayBatch(), eventLoop: context.eventLoop)
        self.waiting = NIOLoopBoundBox(nil, eventLoop: context.eventLoop)
    }

    func head(_ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let handler = self.handler.value
        return self.perform(handler.connection.upstreamHeadReceived(head, now: self.context.value.eventLoop.now))
    }

    func bodyPart(_ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let loop = self.context.value.eventLoop
        switch self.batch.value.received(buffer) {
        case .taken:
            return loop.makeSucceededVoidFuture()
        case .takenLookLater:
            self.lookLater()
            return loop.makeSucceededVoidFuture()
        case .hold:
            let promise = loop.makePromise(of: Void.self)
            self.waiting.value = promise
            return promise.futureResult
        case .writeNow:
            return self.writeBatch()
        case .refuse(let error):
            return loop.makeFailedFuture(error)
        }
    }

    func end() {
        self.ended(.end)
    }

    func failed(_ failure: UpstreamFailure) {
        self.ended(.failed(failure))
    }

    func bodyWriterReady(_ writer: any UpstreamBodyWriter) -> EventLoopFuture<Void> {
        let loop = self.handler.eventLoop
        guard loop.inEventLoop else {
            return loop.flatSubmit { self.handler.value.relay.uploadWriterReady(writer, context: self.context.value) }
        }
        return self.handler.value.relay.uploadWriterReady(writer, context: self.context.value)
    }

    private func ended(_ ending: RelayBatch.Ending) {
        switch self.batch.value.ended(ending) {
        case .drop, .wait:
            break
        case .now:
            self.run(ending)
        case .writeFirst:
            _ = self.writeBatch()
            // The end runs once the write completes (`batchWritten`); a
            // failure at once.
            guard case .failed = ending, !self.batch.value.over else { return }
            self.batch.value.finish()
            self.run(ending)
        }
    }

    private func run(_ ending: RelayBatch.Ending) {
        let handler = self.handler.value
        let now = self.context.value.eventLoop.now
        switch ending {
        case .end: self.perform(handler.connection.upstreamFinished(now: now))
        case .failed(let failure): self.perform(handler.connection.upstreamFailed(failure, now: now))
        }
    }

    /// Looks at the end of the loop's pass, once every part it brought is taken.
    private func lookLater() {
        self.context.value.eventLoop.assumeIsolated().execute {
            switch self.batch.value.passLooked() {
            case .nothing: break
            case .again: self.lookLater()
            case .write: _ = self.writeBatch()
            }
        }
    }

    /// Relays the batch through the exchange; the future is its write's.
    private func writeBatch() -> EventLoopFuture<Void> {
        let part = self.batch.value.take()
        let handler = self.handler.value
        let written = self.perform(
            handler.connection.upstreamBodyReceived(part, now: self.context.value.eventLoop.now))
        written.assumeIsolated().whenComplete { result in self.batchWritten(result) }
        return written
    }

    private func batchWritten(_ result: Result<Void, any Error>) {
        if case .failure(let error) = result {
            self.batch.value.written(failure: error)
        } else {
            self.batch.value.written(failure: nil)
        }
        let waiting = self.waiting.value
        self.waiting.value = nil
        // The transport hands on what it holds, perhaps its end too.
        waiting?.completeWith(result)
        switch self.batch.value.next() {
        case .nothing: break
        case .lookLater: self.lookLater()
        case .write: _ = self.writeBatch()
        case .end(let ending): self.run(ending)
        }
    }

    /// Runs the exchange's action; one that ends the exchange ends the
    /// batch too, so nothing taken later reaches the connection's next
    /// request.
    @discardableResult
    private func perform(_ action: ConnectionStateMachine.Action) -> EventLoopFuture<Void> {
        if action.endsExchange { self.batch.value.finish() }
        let context = self.context.value
        return self.handler.value.run(action, context: context) ?? context.eventLoop.makeSucceededVoidFuture()
    }
}
