import NIOCore
import NIOHTTP1
import SwitchboardCore

/// What the connection toxics need of the socket: the slicer's draws
/// (an answer's script says where they act), and the late close.
extension AnswerWriter {
    /// The slicer's draws for this answer: by endpoint and request number,
    /// from the seeded source, so `--seed` repeats them.
    func slicerDraws(for response: PreparedResponse) -> Pacer.Slicer? {
        self.snapshot().flatMap { Pacer.Slicer(for: response, random: $0.random) }
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
