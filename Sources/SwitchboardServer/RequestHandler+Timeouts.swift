import NIOCore
import NIOHTTP1
import SwitchboardCore

/// Idle and slow-header timeouts, driven by the connection clock.
extension RequestHandler {
    func channelActive(context: ChannelHandlerContext) {
        self.clock.start(now: context.eventLoop.now)
        self.armClock(context: context)
        context.fireChannelActive()
    }

    /// After every read: if bytes came but decoded to nothing while idle, a
    /// head has begun and must finish in time. (A read that only finished a
    /// body, answered at once, leaves the connection idle, not mid-head.)
    func channelReadComplete(context: ChannelHandlerContext) {
        if !self.decodedInRead, case .idle = self.state {
            self.clock.bytesArrived(now: context.eventLoop.now)
        }
        self.decodedInRead = false
        context.fireChannelReadComplete()
    }

    func armClock(context: ChannelHandlerContext) {
        let wake = self.clock.nextWake(now: context.eventLoop.now)
        self.clock.timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: wake) {
            self.clockFired(context: context)
        }
    }

    func stopClock() {
        self.clock.timer?.cancel()
        self.clock.timer = nil
    }

    private func clockFired(context: ChannelHandlerContext) {
        let now = context.eventLoop.now
        guard self.clock.expired(now: now) else {
            // The deadline moved (or a request is being answered): look again later.
            self.armClock(context: context)
            return
        }
        self.clock.timer = nil
        guard case .readingHead = self.clock.phase else {
            context.close(promise: nil)
            return
        }
        switch self.state {
        case .idle, .receiving: break
        default:
            context.close(promise: nil)
            return
        }
        self.state = .rejected
        self.recordRejection(status: 408, reason: "request headers took too long", request: nil, now: now)
        // No request head exists for NIO's HTTP handlers to pair this
        // answer with: it goes out as bytes, under the encoder.
        let body = #"{"error":"request headers took too long"}"#
        let response = ByteBuffer(
            string: "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
        self.writeRawAndClose(response, context: context)
    }
}
