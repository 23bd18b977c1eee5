import NIOCore
import NIOHTTP1
import SwitchboardCore

/// The connection toxics on an answer with a body to send: the body in
/// slicer pieces, cut at `limit_data` (the plan's cut), or closed late
/// (`slow_close`). The other faults (reset, hang, …) have no body for a
/// toxic to act on.
extension AnswerWriter {
    /// Sends `response` with its toxics if its plan sends a body whole
    /// (or at a bandwidth); `false` leaves it to the plain path.
    func sendWithToxics(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) -> Bool {
        guard let toxics = response.decision?.toxics else { return false }
        guard case .answer(let body) = response.plan else { return false }
        var request = request
        // The answer itself says the connection ends with it.
        if toxics.slowClose != nil { request.keepAlive = false }
        // `limit_data` is the plan's cut: `sent` holds the bytes that go.
        var sent = response.sent(isHead: request.isHead)
        if request.isHead { sent.body = ByteBuffer() }
        let plan = ToxicBody(
            bytes: sent.body.readableBytes, bandwidth: body.rate,
            slicer: toxics.slicer ? self.slicerDraws(for: response) : nil)
        self.writeHead(sent, for: request, context: context)
        context.flush()
        self.sendPieces(
            plan.piece(after: nil), of: plan, sent, for: request, started: context.eventLoop.now, context: context)
        return true
    }

    /// The slicer's draws for this answer: by endpoint and request number,
    /// from the seeded source, so `--seed` repeats them.
    func slicerDraws(for response: PreparedResponse) -> ToxicBody.Slicer? {
        guard let snapshot = self.host.snapshot, let decision = response.decision else { return nil }
        return ToxicBody.Slicer(random: snapshot.random, endpoint: decision.endpointIndex, request: decision.request)
    }

    /// Writes pieces that are due at once, each its own write and flush, and
    /// waits on a timer for the next one that is not.
    private func sendPieces(
        _ first: ToxicBody.Piece?, of plan: ToxicBody, _ response: PreparedResponse, for request: Request,
        started: NIODeadline, context: ChannelHandlerContext
    ) {
        var piece = first
        while let next = piece, started + TimeAmount(next.chunk.at) <= context.eventLoop.now {
            self.writePiece(next.chunk, of: response, context: context)
            piece = plan.piece(after: next)
        }
        guard let piece else {
            self.endToxic(request, response, context: context)
            return
        }
        let due = started + TimeAmount(piece.chunk.at)
        self.after(due, waiting: .trickle(piece.chunk), request, response, context: context) {
            self.writePiece(piece.chunk, of: response, context: context)
            self.sendPieces(
                plan.piece(after: piece), of: plan, response, for: request, started: started, context: context)
        }
    }

    private func writePiece(_ chunk: BodyTrickle.Chunk, of response: PreparedResponse, context: ChannelHandlerContext) {
        let slice = response.body.getSlice(at: response.body.readerIndex + chunk.offset, length: chunk.length)!
        context.writeAndFlush(Self.part(.body(.byteBuffer(slice))), promise: nil)
    }

    /// The body is out: cut short, or ended, and with `slow_close` the
    /// connection closes only after its delay.
    private func endToxic(_ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext) {
        guard let delay = response.decision?.toxics.slowClose, !request.keepAlive,
            // Not after a bandwidth, nor a cut (which closes at once).
            case .answer(let body) = response.plan, body.rate == nil, body.cut == nil
        else {
            self.endBody(request, response, context: context)
            return
        }
        self.record(request, response, .ran, now: context.eventLoop.now)
        self.host.connection.closing()
        self.closeLate(after: delay, once: context.writeAndFlush(Self.part(.end(nil))), context: context)
    }

    /// `slow_close`: the answer's end is on its way (`ended`), and the
    /// connection closes `delay` after it is out.
    func closeLate(after delay: Duration, once ended: EventLoopFuture<Void>, context: ChannelHandlerContext) {
        ended.assumeIsolated().whenComplete { _ in
            self.wait = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(delay)) {
                self.wait = nil
                context.close(promise: nil)
            }
        }
    }
}
