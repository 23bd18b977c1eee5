import NIOCore
import NIOHTTP1
import SwitchboardCore

#if canImport(Glibc)
    import Glibc
#endif

/// The network faults: what a broken server or network does to a request.
extension AnswerWriter {
    /// TCP RST: SO_LINGER with a zero timeout makes close() abort the
    /// connection, and the client sees "connection reset by peer".
    func resetConnection(_ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext) {
        // Answered: the close that follows is not a client leaving mid-request.
        self.report(.closing, context: context)
        self.record(request, response, .ran, now: context.eventLoop.now)
        guard let socket = context.channel as? any SocketOptionProvider else {
            context.close(promise: nil)
            return
        }
        socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    /// A cut body is out (see `AnswerPlan.Cut`): journal it, and close once
    /// it has left, the client left waiting for bytes that never come.
    func cutShort(_ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext) {
        self.report(.closing, context: context)
        self.record(request, response, .ran, now: context.eventLoop.now)
        self.writeRawAndClose(ByteBuffer(), context: context)
    }

    /// Writes under the HTTP encoder (from its own context, so the bytes
    /// reach the socket as they are), then closes.
    func writeRawAndClose(_ bytes: ByteBuffer, context: ChannelHandlerContext) {
        guard let raw = self.wire else {
            context.close(promise: nil)
            return
        }
        raw.writeAndFlush(NIOAny(bytes)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
