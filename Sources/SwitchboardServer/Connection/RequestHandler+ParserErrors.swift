import NIOCore
import NIOHTTP1

/// Requests the HTTP parser could not read: refused with a 4xx and put on
/// record, while the connection's other work finishes.
extension RequestHandler {
    /// The HTTP parser could not read the request (it reads nothing more):
    /// answer 431 or 400, after the response under way if there is one,
    /// and put it on record. A client that left halfway through a request
    /// (invalidEOFState) is not there to answer.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError, parserError != .invalidEOFState else {
            context.close(promise: nil)
            return
        }
        self.refuseMalformed(parserError, context: context)
    }

    func refuseMalformed(_ error: HTTPParserError, context: ChannelHandlerContext) {
        self.run(self.connection.parserError(error, now: context.eventLoop.now), context: context)
    }
}
