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
        switch self.connection.parserError(error) {
        case .refuse(let request, let status, let reason):
            self.reject(request, Refusal(status, reason: reason), context: context)
        case .abortUpload(let request, let response, let reason):
            self.abortUpload(
                request, response, why: "request body unreadable: \(reason)", status: .noStatusLine, context: context)
            context.close(promise: nil)
        case .held, .ignore:
            break
        case .unexpected(let event):
            self.unexpected(event, context: context)
        }
    }
}
