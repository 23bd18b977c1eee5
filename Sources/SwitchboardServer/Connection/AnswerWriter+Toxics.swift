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
        let pacer = Pacer(
            bandwidth: body.rate, slicer: toxics.slicer ? self.slicerDraws(for: response) : nil, pieces: .ticks)
        self.writeHead(sent, for: request, context: context)
        context.flush()
        self.sendPaced(pacer, sent, for: request, started: context.eventLoop.now, context: context)
        return true
    }

    /// The slicer's draws for this answer: by endpoint and request number,
    /// from the seeded source, so `--seed` repeats them.
    func slicerDraws(for response: PreparedResponse) -> Pacer.Slicer? {
        guard let snapshot = self.host.snapshot, let decision = response.decision else { return nil }
        return Pacer.Slicer(random: snapshot.random, endpoint: decision.endpointIndex, request: decision.request)
    }

    /// A paced body is out: cut short, or ended, and with `slow_close` the
    /// connection closes only after its delay.
    func endPaced(_ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext) {
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
