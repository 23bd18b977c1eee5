import NIOCore
import NIOHTTP1
import SwitchboardCore

#if canImport(Glibc)
    import Glibc
#endif

/// The network faults: what a broken server or network does to a request.
extension RequestHandler {
    /// TCP RST: SO_LINGER with a zero timeout makes close() abort the
    /// connection, and the client sees "connection reset by peer".
    func resetConnection(_ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext) {
        // Answered: the close that follows is not a client leaving mid-request.
        self.connection.closing()
        self.record(request, response, status: .noStatusLine, now: context.eventLoop.now)
        guard let socket = context.channel as? any SocketOptionProvider else {
            context.close(promise: nil)
            return
        }
        socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    /// A status line and headers that promise the whole body plus more,
    /// half the body (at the profile's bandwidth, if it has one), then
    /// close: the client is left waiting for bytes that never come.
    func writeTruncated(_ response: PreparedResponse, for request: Request, context: ChannelHandlerContext) {
        var promised = response
        let full = response.body.readableBytes
        Self.promiseMore(&promised, than: full)
        promised.body =
            request.head.method == .HEAD
            ? ByteBuffer() : response.body.getSlice(at: response.body.readerIndex, length: full / 2) ?? ByteBuffer()
        self.writeHead(promised, for: request, context: context)
        if case .truncated(let bytesPerSecond?) = response.action {
            context.flush()
            let plan = BodyTrickle(bytes: promised.body.readableBytes, bytesPerSecond: bytesPerSecond)
            self.trickle(
                plan.chunk(at: 0), of: plan, promised, for: request, started: context.eventLoop.now, context: context)
            return
        }
        if promised.body.readableBytes > 0 {
            context.write(self.wrapOutboundOut(.body(.byteBuffer(promised.body))), promise: nil)
        }
        self.cutShort(request, promised, context: context)
    }

    /// What `truncated` promises: 1 KB more than the whole body.
    static func promiseMore(_ promised: inout PreparedResponse, than length: Int) {
        // The prebuilt head carries the true length; this one must lie.
        promised.head = nil
        promised.wire = nil
        // A 204 or 304 has no body to cut short: promise one with a 200.
        if promised.status == .noContent || promised.status == .notModified { promised.status = .ok }
        promised.headers.replaceOrAdd(name: "Content-Length", value: String(length + 1024))
    }

    /// The half body is out: journal it, and close once it has left.
    func cutShort(_ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext) {
        self.connection.closing()
        self.record(request, response, status: .answered(Int(response.status.code)), now: context.eventLoop.now)
        self.writeRawAndClose(ByteBuffer(), context: context)
    }

    /// Bytes that are not HTTP, then close.
    func writeGarbage(
        _ bytes: ByteBuffer, _ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext
    ) {
        self.connection.closing()
        self.record(request, response, status: .noStatusLine, now: context.eventLoop.now)
        self.writeRawAndClose(bytes, context: context)
    }

    /// Writes under the HTTP encoder (from its own context, so the bytes
    /// reach the socket as they are), then closes.
    func writeRawAndClose(_ bytes: ByteBuffer, context: ChannelHandlerContext) {
        guard let raw = self.wireContext else {
            context.close(promise: nil)
            return
        }
        raw.writeAndFlush(NIOAny(bytes)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
