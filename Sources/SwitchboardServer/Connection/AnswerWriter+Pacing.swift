import NIOCore
import NIOHTTP1
import SwitchboardCore

/// A body sent as its `Pacer` allows (a latency profile's bandwidth, the
/// slicer): each piece its own write and flush, when it is due on the
/// connection's clock, the pieces due at once written together.
extension AnswerWriter {
    /// Sends `response`'s body from `pacer`'s next piece on, the start
    /// being `started` (its head went out), then its `end`.
    func sendPaced(
        _ pacer: Pacer, _ response: PreparedResponse, for request: Request, started: NIODeadline,
        end: AnswerScript.End, context: ChannelHandlerContext
    ) {
        var pacer = pacer
        let bytes = request.isHead ? 0 : response.body.readableBytes
        while let piece = pacer.next(available: bytes - pacer.sent, now: Self.since(started, context)) {
            let due = started + TimeAmount(piece.at)
            guard due <= context.eventLoop.now else {
                let waiting = pacer
                self.after(due, waiting: .trickle(from: piece.offset, end: end), request, response, context: context) {
                    var pacer = waiting
                    self.writePiece(piece, of: response, context: context)
                    pacer.left(at: Self.since(started, context))
                    self.sendPaced(pacer, response, for: request, started: started, end: end, context: context)
                }
                return
            }
            self.writePiece(piece, of: response, context: context)
            pacer.left(at: Self.since(started, context))
        }
        self.endBody(request, response, end: end, context: context)
    }

    /// Runs `then` at `deadline`, the connection waiting meanwhile (for a
    /// body's next piece).
    func after(
        _ deadline: NIODeadline, waiting resume: ConnectionStateMachine.Resume, _ request: Request,
        _ response: PreparedResponse, context: ChannelHandlerContext, then: @escaping () -> Void
    ) {
        self.wait = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
            self.wait = nil
            guard self.report(.waitOver(request, response), context: context) else { return }
            then()
        }
        self.report(.waiting(request, response, until: resume), context: context)
    }

    private func writePiece(_ piece: Pacer.Piece, of response: PreparedResponse, context: ChannelHandlerContext) {
        let slice = response.body.getSlice(at: response.body.readerIndex + piece.offset, length: piece.length)!
        context.writeAndFlush(Self.part(.body(.byteBuffer(slice))), promise: nil)
    }

    /// The pacer's instant for the connection's `now`.
    private static func since(_ started: NIODeadline, _ context: ChannelHandlerContext) -> Duration {
        .nanoseconds((context.eventLoop.now - started).nanoseconds)
    }
}
