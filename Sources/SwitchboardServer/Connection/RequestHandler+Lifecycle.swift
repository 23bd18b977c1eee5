import NIOCore
import NIOHTTP1
import SwitchboardCore

/// The server is stopping: answer what is waiting now rather than drop it.
struct ServerStopping: Sendable {}

/// Shutdown: requests still in flight, or held, when the server stops.
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
}
