import NIOCore
import NIOHTTP1
import SwitchboardCore

/// A live request whose body streams to the upstream as it arrives, with
/// back-pressure both ways: a part goes to the transport's body writer
/// (`LiveRelayDriver`), and the client is read again only once the writer
/// takes it (`ConnectionStateMachine.uploadPartTaken`).
extension RequestHandler {
    /// The upstream took a part: reading goes on, and the time spent
    /// waiting for the upstream does not count toward the body's deadline.
    func uploadPartTaken(context: ChannelHandlerContext) {
        guard self.connection.uploadPartTaken() else { return }
        self.clock.bodyArrived(now: context.eventLoop.now)
        self.armClockIfEarlier(context: context)
        context.read()
    }

    /// Shuts our side, reads and drops what the client still sends, and
    /// closes when it closes its side or after `lingerTime`: closing with
    /// the client's body still arriving would reset the connection, and a
    /// reset can destroy the answer before the client reads it.
    func lingerThenClose(context: ChannelHandlerContext) {
        context.close(mode: .output, promise: nil)
        context.read()
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.lingerTime) {
            context.close(promise: nil)
        }
    }

    /// How long the rest of an upload answered early is read and dropped.
    static let lingerTime = TimeAmount.seconds(2)
}
