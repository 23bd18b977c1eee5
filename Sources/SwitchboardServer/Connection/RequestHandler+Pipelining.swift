import NIOCore
import NIOHTTP1

/// Requests that arrive while one is being answered wait their turn, and the
/// connection is not read further meanwhile, the way NIO's own pipelining
/// handler works; keeping it here lets prebuilt responses go out as bytes.
extension RequestHandler {
    func read(context: ChannelHandlerContext) {
        if self.connection.readRequested() { self.readOn(context: context) }
    }

    /// Asks the channel for more bytes: from the response encoder's context
    /// when there is one, the way prebuilt responses are written, so the
    /// request skips the encoder, which does nothing with a read but pass it
    /// on (a pipeline hop, some 150 instructions a request).
    ///
    /// While the journal's writers are behind, the read waits
    /// `writerCatchUp` first: a client that floods the server then gets
    /// its answers a little later instead of the `--har` file losing
    /// them.
    func readOn(context: ChannelHandlerContext) {
        if self.responder.journal.writersBehind {
            self.readAfterCatchUp(context: context)
        } else if let wire = self.writer.wire {
            wire.read()
        } else {
            context.read()
        }
    }

    private func readAfterCatchUp(context: ChannelHandlerContext) {
        guard self.pendingRead == nil else { return }
        self.pendingRead = context.eventLoop.assumeIsolated().scheduleTask(in: Self.writerCatchUp) {
            self.pendingRead = nil
            if let wire = self.writer.wire { wire.read() } else { context.read() }
        }
    }

    /// How long a connection waits before reading while a writer is
    /// behind: at 50 connections, at most 5,000 requests a second come in
    /// meanwhile, fewer than any writer takes out; a writer that takes
    /// nothing (a pipe nobody reads) slows the server down this far, and
    /// no further: its budget then applies.
    static let writerCatchUp = TimeAmount.milliseconds(10)

    /// The answer is out (`AnswerStep.finished`, `responseFinished`):
    /// hands out what waited behind it, then reads on.
    func drainHeld(context: ChannelHandlerContext) {
        while let held = self.connection.nextHeld() {
            switch held {
            case .part(let part): self.handle(part, context: context)
            case .parserError(let error): self.refuseMalformed(error, context: context)
            }
        }
        let next = self.connection.drainFinished()
        if next.awaitBody {
            // Its body stalled while the previous response was held back:
            // the body deadline starts now.
            self.clock.bodyArrived(now: context.eventLoop.now)
            self.armClockIfEarlier(context: context)
        }
        if next.read { self.readOn(context: context) }
    }
}
