import NIOCore
import NIOHTTP1
import SwitchboardCore

/// A body sent at a latency profile's bandwidth: each chunk leaves when the
/// bytes before it would have arrived, on the connection's clock.
extension AnswerWriter {
    func trickle(
        _ chunk: BodyTrickle.Chunk?, of plan: BodyTrickle, _ response: PreparedResponse, for request: Request,
        started: NIODeadline, context: ChannelHandlerContext
    ) {
        guard let chunk else {
            self.endBody(request, response, context: context)
            return
        }
        self.after(started + TimeAmount(chunk.at), waiting: .trickle(chunk), request, response, context: context) {
            let slice = response.body.getSlice(at: response.body.readerIndex + chunk.offset, length: chunk.length)!
            context.writeAndFlush(Self.part(.body(.byteBuffer(slice))), promise: nil)
            let next = plan.chunk(at: chunk.offset + chunk.length)
            self.trickle(next, of: plan, response, for: request, started: started, context: context)
        }
    }

    /// Runs `then` at `deadline`, the connection waiting meanwhile (for a
    /// body's next chunk or piece).
    func after(
        _ deadline: NIODeadline, waiting resume: ConnectionStateMachine.Resume, _ request: Request,
        _ response: PreparedResponse, context: ChannelHandlerContext, then: @escaping () -> Void
    ) {
        self.wait = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
            self.wait = nil
            guard self.check(self.host.connection.waitEnded(), request, response, context: context) else { return }
            then()
        }
        let started = self.host.connection.waitStarted(request, response, until: resume)
        self.check(started, request, response, context: context)
    }
}
