import NIOCore
import NIOHTTP1

/// Answers requests the HTTP parser cannot read: 431 when the head is too
/// large, 400 otherwise, with a JSON body that says which, then lets the
/// decoder close the connection. Like NIO's own handler, it only answers
/// when no other response has started; it then passes the error on, so the
/// request handler can journal it.
final class ProtocolErrorHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = Never
    typealias InboundOut = Never
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var responseOpen = false

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        // A client that hung up mid-request is not there to read an answer.
        if !self.responseOpen && parserError != .invalidEOFState {
            let (status, reason) = Self.describe(parserError)
            let body = ByteBuffer(string: #"{"error":"# + "\"\(reason)\"" + "}")
            let headers = HTTPHeaders([
                ("Connection", "close"), ("Content-Type", "application/json"),
                ("Content-Length", String(body.readableBytes)),
            ])
            context.write(
                self.wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
                promise: nil)
            context.write(self.wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            context.writeAndFlush(self.wrapOutboundOut(.end(nil)), promise: nil)
        }
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch self.unwrapOutboundIn(data) {
        case .head(let head) where head.status.code < 200: break
        case .head: self.responseOpen = true
        case .body: break
        case .end: self.responseOpen = false
        }
        context.write(data, promise: promise)
    }

    /// The status and a short reason for a parser error.
    static func describe(_ error: HTTPParserError) -> (HTTPResponseStatus, String) {
        switch error {
        case .headerOverflow: (.requestHeaderFieldsTooLarge, "request headers too large")
        case .invalidURL, .invalidPath, .invalidQueryString, .invalidFragment: (.badRequest, "malformed request target")
        case .invalidMethod: (.badRequest, "malformed method")
        case .invalidVersion: (.badRequest, "malformed HTTP version")
        case .invalidHeaderToken, .invalidCharactersUsed: (.badRequest, "malformed header")
        case .invalidContentLength, .unexpectedContentLength, .invalidChunkSize: (.badRequest, "malformed body length")
        default: (.badRequest, "malformed request")
        }
    }
}
