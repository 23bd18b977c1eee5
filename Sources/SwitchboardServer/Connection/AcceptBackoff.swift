import NIOCore

/// Pauses accepting for a moment after accept fails. Out of file
/// descriptors, `accept` fails at once on every wake-up while clients wait
/// in the backlog: without a pause the event loop spins at full CPU.
///
/// NIO's own `AcceptBackoffHandler` does not help here: after a failed
/// accept its channel stays registered for reading and never asks the
/// pipeline to read again, so the handler is never consulted. Turning
/// `autoRead` off takes the listener out of the poll set until the pause
/// is over.
final class AcceptBackoff: ChannelInboundHandler {
    typealias InboundIn = any Channel

    let pause: TimeAmount
    private var resuming: Scheduled<Void>?

    init(pause: TimeAmount) {
        self.pause = pause
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is IOError, let options = context.channel.syncOptions else {
            context.fireErrorCaught(error)
            return
        }
        guard self.resuming == nil else { return }
        try? options.setOption(.autoRead, value: false)
        self.resuming = context.eventLoop.assumeIsolated().scheduleTask(in: self.pause) {
            self.resuming = nil
            try? context.channel.syncOptions?.setOption(.autoRead, value: true)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.resuming?.cancel()
    }
}
