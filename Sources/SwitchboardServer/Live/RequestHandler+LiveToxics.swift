import NIOCore
import NIOHTTP1
import SwitchboardCore

/// The connection toxics on a `live` answer, as it is relayed: nothing is
/// held, so an answer of any length (or none given) streams through them.
/// The upstream is read on only once a part's last piece is written, so
/// the slicer's gaps and a bandwidth hold the upstream back as a slow
/// client would.
extension RequestHandler {
    /// The toxics for a live request about to be sent; `nil` without
    /// any, and for `truncated`, a fault they leave alone.
    func liveToxics(for response: PreparedResponse) -> LiveToxics? {
        guard response.hasToxics, case .relay(_, let plan) = response.plan, plan.cut == nil,
            let toxics = response.decision?.toxics
        else {
            return nil
        }
        return LiveToxics(toxics, slicer: self.slicerDraws(for: response))
    }

    /// A part of the upstream's body under toxics: the bytes `limit_data`
    /// still allows, in slicer pieces; past the limit, the cut. The future
    /// completes when the last piece is written.
    func relayThroughToxics(_ buffer: ByteBuffer, context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        // In place, never through a copy (see `LiveExchange.capture`).
        guard let admitted = self.live?.toxics?.admit(buffer.readableBytes) else {
            return context.eventLoop.makeSucceededVoidFuture()
        }
        let part = buffer.getSlice(at: buffer.readerIndex, length: admitted.bytes) ?? ByteBuffer()
        self.live?.capture(part)
        let written = self.writePieces(of: part, context: context)
        guard admitted.cut else { return written }
        // Registered before the transport's: the cut (and the cancel) come
        // before it could read on. Cut as `truncated` cuts: journaled with
        // what went out, the upstream's request cancelled, then the close.
        written.assumeIsolated().whenComplete { _ in self.endStreamedCut(context: context) }
        return written
    }

    /// Writes `part` a piece at a time, each when it is due, and completes
    /// once the last is written.
    private func writePieces(of part: ByteBuffer, context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        // Not once the exchange is over (the upstream failed, and the
        // connection is being closed).
        let now = context.eventLoop.now
        let (answered, bandwidth) = (self.live?.answered ?? now, self.live?.bandwidth)
        guard part.readableBytes > 0,
            let piece = self.live?.toxics?.nextPiece(
                available: part.readableBytes, now: now, answered: answered, bandwidth: bandwidth)
        else {
            return context.eventLoop.makeSucceededVoidFuture()
        }
        var rest = part
        let slice = rest.readSlice(length: piece.length) ?? ByteBuffer()
        let promise = context.eventLoop.makePromise(of: Void.self)
        let write = {
            guard self.live != nil else { return promise.succeed() }
            self.live?.toxics?.pieceLeft(at: context.eventLoop.now)
            context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(slice)))).assumeIsolated()
                .flatMap { self.writePieces(of: rest, context: context) }
                .nonisolated().cascade(to: promise)
        }
        if piece.due <= now {
            write()
        } else {
            let scheduled = context.eventLoop.assumeIsolated().scheduleTask(deadline: piece.due) { write() }
            // A timer cancelled with its loop must still answer the transport.
            scheduled.futureResult.whenFailure { promise.fail($0) }
        }
        return promise.futureResult
    }

    /// `slow_close` on a relayed answer that came whole: the end goes out
    /// now and the connection closes the toxic's delay later (the head said
    /// `Connection: close`). `bodyless`: the head went out as bytes.
    func endLiveClosingLate(after delay: Duration, bodyless: Bool, context: ChannelHandlerContext) {
        self.connection.closing()
        self.closeLate(after: delay, once: self.endRelayed(bodyless: bodyless, context: context), context: context)
    }
}
