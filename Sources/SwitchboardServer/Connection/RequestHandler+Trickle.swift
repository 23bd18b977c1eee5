import NIOCore
import NIOHTTP1
import SwitchboardCore

/// A body sent at a latency profile's bandwidth: each chunk leaves when the
/// bytes before it would have arrived, on the connection's clock.
extension RequestHandler {
    func trickle(
        _ chunk: BodyTrickle.Chunk?, of plan: BodyTrickle, _ response: PreparedResponse, for request: Request,
        started: NIODeadline, context: ChannelHandlerContext
    ) {
        guard let chunk else {
            self.endBody(request, response, context: context)
            return
        }
        self.wait = context.eventLoop.assumeIsolated().scheduleTask(deadline: started + TimeAmount(chunk.at)) {
            self.wait = nil
            let sent = JournalEntry.Status.answered(Int(response.status.code))
            guard self.check(self.connection.waitEnded(), request, response, status: sent, context: context) else {
                return
            }
            let slice = response.body.getSlice(at: response.body.readerIndex + chunk.offset, length: chunk.length)!
            context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(slice))), promise: nil)
            let next = plan.chunk(at: chunk.offset + chunk.length)
            self.trickle(next, of: plan, response, for: request, started: started, context: context)
        }
        self.check(
            self.connection.waitStarted(request, response, until: .trickle(chunk)), request, response,
            status: .answered(Int(response.status.code)), context: context)
    }
}
