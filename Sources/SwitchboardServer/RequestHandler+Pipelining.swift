import NIOCore
import NIOHTTP1

/// Requests that arrive while one is being answered wait their turn, and the
/// connection is not read further meanwhile, the way NIO's own pipelining
/// handler works; keeping it here lets prebuilt responses go out as bytes.
extension RequestHandler {
    func read(context: ChannelHandlerContext) {
        if self.answering || !self.pending.isEmpty {
            self.readPending = true
        } else {
            context.read()
        }
    }

    /// The current response is complete: answer what waited, then read on.
    func resume(context: ChannelHandlerContext) {
        self.answering = false
        // A response finished while handling a waiting request returns here,
        // to the loop below, instead of nesting deeper.
        guard !self.resuming else { return }
        self.resuming = true
        defer { self.resuming = false }
        while !self.answering, let part = self.pending.popFirst() {
            self.handle(part, context: context)
        }
        if !self.answering, self.readPending {
            self.readPending = false
            context.read()
        }
    }
}
