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
            switch self.host.connection.fileRead(channelOpen: context.channel.isActive) {
            case .answer:
                break
            case .clientLeft:
                // The client left (or the server stopped) while it was made.
                self.record(request, prepared, .leftWaiting, now: loop.now)
                return
            case .unexpected(let event):
                // Journaled all the same: shutdown waits on the in-flight count.
                self.record(request, prepared, .brokenOff(headSent: false), now: loop.now)
                self.host.unexpected(event, context: context)
                return
            }
            switch result {
            case .success(let made):
                self.answer(prepared.filled(with: made), for: request, context: context)
            case .failure(let error):
                self.answer(prepared.unreadable("\(error)"), for: request, context: context)
            }
        }
    }
}
