import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel

/// Idle, slow-header and stalled-body timeouts, driven by the connection
/// clock.
extension RequestHandler {
    func channelActive(context: ChannelHandlerContext) {
        self.clock.start(now: context.eventLoop.now)
        self.armClock(context: context)
        context.fireChannelActive()
    }

    /// After every read: if bytes came but decoded to nothing while idle, a
    /// head has begun and must finish in time; if a request's body is still
    /// incomplete, the rest must keep coming. (A read that only finished a
    /// body, answered at once, leaves the connection idle, not mid-head.)
    ///
    /// Not passed on: this handler is the pipeline's last
    /// (`SwitchboardServer.configure`), and NIO's tail discards it; passing
    /// it cost a pipeline hop per read.
    func channelReadComplete(context: ChannelHandlerContext) {
        let read = self.connection.readCompleted()
        // The clock is read only when a deadline moves: most reads finish
        // a request, and reading it is a call through the event loop.
        guard read != .none else { return }
        if self.clock.readCompleted(read, now: context.eventLoop.now) {
            self.armClockIfEarlier(context: context)
        }
    }

    func armClock(context: ChannelHandlerContext) {
        let wake = self.clock.nextWake(now: context.eventLoop.now)
        self.clockTimer = context.eventLoop.assumeIsolated().scheduleTask(deadline: wake) {
            self.clockFired(context: context)
        }
        self.clock.armed(at: wake)
    }

    /// A deadline moved before the armed timer's wake: arm it again.
    func armClockIfEarlier(context: ChannelHandlerContext) {
        guard self.clock.needsEarlierWake else { return }
        self.stopClock()
        self.armClock(context: context)
    }

    func stopClock() {
        self.clockTimer?.cancel()
        self.clockTimer = nil
        self.clock.disarmed()
    }

    private func clockFired(context: ChannelHandlerContext) {
        let now = context.eventLoop.now
        guard self.clock.expired(now: now) else {
            // The deadline moved (or a request is being answered): look again later.
            self.armClock(context: context)
            return
        }
        self.run(self.connection.deadlinePassed(self.clock.phase, now: now), context: context)
    }

    /// The idle time ran out: if the last response is still queued for a
    /// client that reads slowly, the connection is not idle, and the idle
    /// clock starts again once every byte has been handed to the system.
    /// An empty write tells which: writes complete in order, so it completes
    /// at once when nothing waits before it, and later otherwise.
    func stillSending(context: ChannelHandlerContext) -> Bool {
        guard let raw = self.writer.wire else { return false }
        var sentAlready = false
        let sent = context.eventLoop.makePromise(of: Void.self)
        sent.futureResult.assumeIsolated().whenSuccess {
            sentAlready = true
            self.clock.allSent(now: context.eventLoop.now)
        }
        raw.writeAndFlush(NIOAny(ByteBuffer()), promise: sent)
        if sentAlready { return false }
        self.clock.stillSending()
        return true
    }
}
