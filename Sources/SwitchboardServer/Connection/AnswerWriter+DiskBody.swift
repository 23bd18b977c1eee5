import NIOCore
import NIOHTTP1
import SwitchboardCore

/// Bodies too large to hold in memory (see `FixtureFolder.heldFileLimit`)
/// are read from disk for each request, on NIO's thread pool, and answered
/// on this connection's loop like any other: delays, bandwidth limits,
/// `truncated` and the journal's details all see ordinary bytes.
extension AnswerWriter {
    func readFromDisk(
        _ path: String, _ prepared: PreparedResponse, for request: Request, context: ChannelHandlerContext
    ) {
        let loop = context.eventLoop
        DiskBodies.read(path, on: loop).assumeIsolated().whenComplete { result in
            switch self.host.connection.fileRead(channelOpen: context.channel.isActive) {
            case .answer:
                break
            case .clientLeft:
                // The client left (or the server stopped) while the file was read.
                self.record(request, prepared, .leftWaiting, now: loop.now)
                return
            case .unexpected(let event):
                // Journaled all the same: shutdown waits on the in-flight count.
                self.record(request, prepared, .brokenOff(headSent: false), now: loop.now)
                self.host.unexpected(event, context: context)
                return
            }
            var response = prepared
            response.diskFile = nil
            switch result {
            case .success(let body):
                response.body = body
                response.headers.replaceOrAdd(name: "Content-Length", value: String(body.readableBytes))
            case .failure(let error):
                let body = ErrorBody.buffer(.fixtureUnreadable, "Switchboard cannot read the fixture file: \(error)")
                response.status = .internalServerError
                response.headers = UnmatchedResponse.headers(length: body.readableBytes)
                response.body = body
            }
            self.answer(response, for: request, context: context)
        }
    }
}
