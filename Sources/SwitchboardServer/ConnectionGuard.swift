import NIOCore
import SwitchboardCore

/// Closes connections that sit idle between requests, and answers 408 to a
/// request whose headers trickle in too slowly (slowloris). Sits first in the
/// pipeline to see raw bytes; the request handler tells it when a request's
/// head is complete and when its response is done. A request being answered
/// (delayed, trickled, or deliberately hung) is never timed out here.
final class ConnectionGuard: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limits: ServerLimits
    private var state = State.idle
    private var timer: Scheduled<Void>?
    /// Called when a slow head runs out of time, to journal it.
    var onHeaderTimeout: (() -> Void)?

    private enum State {
        case idle
        case readingHead
        case busy
    }

    init(limits: ServerLimits) {
        self.limits = limits
    }

    func channelActive(context: ChannelHandlerContext) {
        self.arm(self.limits.idleTimeout, context: context, slowHead: false)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.timer?.cancel()
        self.timer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .idle = self.state {
            self.state = .readingHead
            self.arm(self.limits.headerTimeout, context: context, slowHead: true)
        }
        context.fireChannelRead(data)
    }

    /// The request's head has been read: its handler owns the clock now.
    func headReceived() {
        self.state = .busy
        self.timer?.cancel()
        self.timer = nil
    }

    /// The response is written: wait for the next request.
    func responseFinished(context: ChannelHandlerContext) {
        self.state = .idle
        self.arm(self.limits.idleTimeout, context: context, slowHead: false)
    }

    private func arm(_ delay: Duration, context: ChannelHandlerContext, slowHead: Bool) {
        self.timer?.cancel()
        self.timer = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(delay.nanoseconds)) {
            if slowHead {
                self.onHeaderTimeout?()
                let body = ByteBuffer(string: #"{"error":"request headers took too long"}"#)
                var response = ByteBuffer(
                    string: "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json\r\n"
                        + "Content-Length: \(body.readableBytes)\r\n\r\n")
                response.writeImmutableBuffer(body)
                context.writeAndFlush(NIOAny(response)).assumeIsolated().whenComplete { _ in
                    context.close(promise: nil)
                }
            } else {
                context.close(promise: nil)
            }
        }
    }
}
