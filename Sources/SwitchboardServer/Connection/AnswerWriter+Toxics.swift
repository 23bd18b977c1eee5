import NIOCore
import NIOHTTP1
import SwitchboardCore

/// The connection toxics on an answer with a body to send: the body in
/// slicer pieces (its `Pacer`), cut at `limit_data` (the plan's cut), or
/// closed late (`slow_close`, its `AnswerClose`). The other faults (reset, hang, …) have no body for a
/// toxic to act on.
extension AnswerWriter {
    /// Sends `response` with its toxics if its plan sends a body whole
    /// (or at a bandwidth); `false` leaves it to the plain path.
    func sendWithToxics(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) -> Bool {
        guard let toxics = response.decision?.toxics else { return false }
        guard case .answer(let body) = response.plan else { return false }
        var request = request
        // `slow_close`: the answer itself says the connection ends with it.
        request.keepAlive = AnswerClose(keepAlive: request.keepAlive, slowClose: toxics.slowClose).keepsConnection
        // `limit_data` is the plan's cut: `sent` holds the bytes that go.
        var sent = response.sent(isHead: request.isHead)
        if request.isHead { sent.body = ByteBuffer() }
        let pacer = Pacer(bandwidth: body.rate, toxics: toxics, slicer: self.slicerDraws(for: response), pieces: .ticks)
        self.writeHead(sent, for: request, context: context)
        context.flush()
        self.sendPaced(pacer, sent, for: request, started: context.eventLoop.now, context: context)
        return true
    }

    /// The slicer's draws for this answer: by endpoint and request number,
    /// from the seeded source, so `--seed` repeats them.
    func slicerDraws(for response: PreparedResponse) -> Pacer.Slicer? {
        self.host.snapshot.flatMap { Pacer.Slicer(for: response, random: $0.random) }
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
