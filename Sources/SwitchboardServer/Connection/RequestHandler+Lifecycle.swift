import NIOCore
import NIOHTTP1
import SwitchboardCore

/// The server is stopping: answer what is waiting now rather than drop it.
struct ServerStopping: Sendable {}

/// Refusals and shutdown: requests that never reach an endpoint, and
/// requests still in flight when the server stops.
extension RequestHandler {
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ServerStopping else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        // A long poll is not held past the server: its connection closes.
        self.control?.stop()
        self.run(self.connection.stopping(), context: context)
    }

    /// Requests held behind the last response when the server stopped are
    /// journaled as refused (503, `Refusal.stoppedHeld`), like a request
    /// still arriving then: the client sees the connection close without
    /// an answer, in both cases. No endpoint saw them, so no hit counts them.
    func refuseHeld(context: ChannelHandlerContext) {
        let now = context.eventLoop.now
        for head in self.connection.dropHeld() {
            let request = self.request(for: head, context: context)
            guard !request.isControl else { continue }
            self.responder.journal.record(
                JournalEntry(refused: request, .stoppedHeld, now: now))
        }
    }

    /// Refuses a request no endpoint will see: journals why (with what was
    /// received of it and the answer), answers with a JSON error, and closes
    /// the connection once that is written.
    func reject(_ request: Request?, _ refusal: Refusal, context: ChannelHandlerContext) {
        self.connection.closing()
        let body = refusal.body
        let headers = refusal.headers(length: body.readableBytes)
        if request?.isControl != true {
            self.responder.journal.record(
                JournalEntry(refused: request, refusal, answer: (headers, body), now: context.eventLoop.now))
        }
        let head = HTTPResponseHead(
            version: request?.head.version ?? .http1_1, status: refusal.status, headers: headers)
        context.write(AnswerWriter.part(.head(head)), promise: nil)
        context.write(AnswerWriter.part(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(AnswerWriter.part(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
