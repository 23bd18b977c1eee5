import NIOCore
import NIOHTTP1
import SwitchboardCore

/// A body made off the event loop (`LaterBody`: a file read for each
/// request, a generated body on its first answer) is awaited with the
/// connection in `readingFile`, then answered on its loop like any other.
extension AnswerWriter {
    func awaitBody(
        _ later: LaterBody, _ prepared: PreparedResponse, for request: Request, context: ChannelHandlerContext
    ) {
        let loop = context.eventLoop
        later.make(on: loop, with: self.responder.offLoop).assumeIsolated().whenComplete { result in
            // The client may have left (or the server stopped) while it was made.
            guard self.report(.bodyMade(request, prepared, channelOpen: context.channel.isActive), context: context)
            else { return }
            switch result {
            case .success(let made):
                self.answer(prepared.filled(with: made), for: request, context: context)
            case .failure(let error):
                self.answer(prepared.unreadable("\(error)"), for: request, context: context)
            }
        }
    }
}
