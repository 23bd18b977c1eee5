import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// Stands in for a socket whose reader is slow: writes wait here, unsent,
/// until the test lets them through, as bytes wait in a channel whose peer
/// does not read.
final class SlowSocket: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var held: [(NIOAny, EventLoopPromise<Void>?)] = []
    private var context: ChannelHandlerContext?
    /// Once the reader has caught up, writes go straight through.
    private var keepingUp = false
    /// Once the peer has reset the connection, every write fails, as the
    /// socket's would, before the channel learns it is closed.
    private var reset = false

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if self.reset {
            promise?.fail(IOError(errnoCode: ECONNRESET, reason: "write"))
        } else if self.keepingUp {
            context.write(data, promise: promise)
        } else {
            self.held.append((data, promise))
        }
    }

    func flush(context: ChannelHandlerContext) {
        if self.keepingUp { context.flush() }
    }

    /// The reader finally takes everything written so far, and keeps up
    /// from then on.
    func drain() {
        guard let context = self.context else { return }
        self.keepingUp = true
        let writes = self.held
        self.held = []
        for (data, promise) in writes { context.write(data, promise: promise) }
        context.flush()
    }

    /// The reader stops again: writes from now on wait.
    func stall() {
        self.keepingUp = false
    }

    /// The peer resets the connection: writes held and to come fail.
    func resetByPeer() {
        self.reset = true
        let writes = self.held
        self.held = []
        for (_, promise) in writes { promise?.fail(IOError(errnoCode: ECONNRESET, reason: "write")) }
    }
}
