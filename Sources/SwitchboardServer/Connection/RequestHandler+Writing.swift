import NIOCore
import NIOHTTP1
import SwitchboardCore

/// What the live path (`RequestHandler+Live…`) writes through, kept under
/// the names it calls while it moves into its own machine: each is the
/// `AnswerWriter`'s.
extension RequestHandler {
    var headSentAt: NIODeadline? {
        get { self.writer.headSentAt }
        set { self.writer.headSentAt = newValue }
    }
    var wireContext: ChannelHandlerContext? { self.writer.wire }

    func perform(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
        self.writer.perform(response, for: request, context: context)
    }

    func writeHead(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
        self.writer.writeHead(response, for: request, context: context)
    }

    func writeEnd(keepAlive: Bool, context: ChannelHandlerContext) {
        self.writer.writeEnd(keepAlive: keepAlive, context: context)
    }

    func cutShort(_ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext) {
        self.writer.cutShort(request, response, context: context)
    }

    func writeRawAndClose(_ bytes: ByteBuffer, context: ChannelHandlerContext) {
        self.writer.writeRawAndClose(bytes, context: context)
    }

    func closeLate(after delay: Duration, once ended: EventLoopFuture<Void>, context: ChannelHandlerContext) {
        self.writer.closeLate(after: delay, once: ended, context: context)
    }

    func slicerDraws(for response: PreparedResponse) -> ToxicBody.Slicer? {
        self.writer.slicerDraws(for: response)
    }

    func record(_ request: Request, _ response: PreparedResponse, status: JournalEntry.Status, now: NIODeadline) {
        self.writer.record(request, response, status: status, now: now)
    }

    @discardableResult
    func check(
        _ progress: ConnectionStateMachine.Progress, _ request: Request, _ response: PreparedResponse,
        context: ChannelHandlerContext
    ) -> Bool {
        self.writer.check(progress, request, response, context: context)
    }
}
