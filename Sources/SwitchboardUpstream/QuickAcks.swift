import NIOCore

#if os(Linux)
    import Glibc
#endif

/// Acknowledges the upstream's bytes as soon as they are read, on Linux
/// (`TCP_QUICKACK`). An upstream that writes an answer's head and its body
/// apart (Python's `http.server`, many a dev server) sends the body only
/// once the head is acknowledged (Nagle's algorithm); on a keep-alive
/// connection Linux delays that acknowledgement up to 40 ms, as it expects
/// an answer to carry it (it takes the connection for interactive once we
/// send a request soon after the last answer), and our answer is the next
/// request. So every such request took 40 ms more through `live` (nginx's
/// keep-alive `proxy_pass` shows the same).
///
/// Linux leaves quick-ack mode again by itself (the option is a one-time
/// signal, not a setting): it is asked for after every read, when it also
/// sends the acknowledgement that was held back. One `setsockopt` a read;
/// elsewhere nothing.
final class QuickAcks: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    #if os(Linux)
        static let option = ChannelOptions.Types.SocketOption(level: .tcp, name: .init(rawValue: TCP_QUICKACK))
    #endif

    func channelReadComplete(context: ChannelHandlerContext) {
        #if os(Linux)
            // Best effort: a socket that refuses it acknowledges as before.
            try? context.channel.syncOptions?.setOption(Self.option, value: 1)
        #endif
        context.fireChannelReadComplete()
    }

    /// Puts it on an upstream connection: first in its pipeline, where the
    /// socket's reads arrive (under TLS too).
    static func install(on channel: any Channel) -> EventLoopFuture<Void> {
        channel.pipeline.addHandler(QuickAcks(), position: .first)
    }
}
