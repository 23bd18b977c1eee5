import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import NIOHTTP1
import SwitchboardCore

@testable import SwitchboardServer

/// An upstream the test plays by hand, for a server on the embedded event
/// loop: the handler's `live` request is taken and kept, and the test
/// answers it a step at a time (head, parts, end) through the receiver it
/// was given, seeing each step's back-pressure future as the transport
/// would. Like AsyncHTTPClient, the test must not hand on a part before
/// the last one's future has completed.
final class ScriptedUpstream: UpstreamTransport {
    private let state = NIOLockedValueBox<(receiver: (any UpstreamReceiver)?, cancelled: Bool)>((nil, false))

    /// For `Responder`: every live request goes to this transport.
    func upstream(on loop: EmbeddedEventLoop) -> Upstream {
        Upstream(
            group: loop,
            settings: UpstreamSettings(url: UpstreamURL(scheme: "http", host: "127.0.0.1", port: 9)),
            maker: { _, _ in self })
    }

    func send(_ request: UpstreamRequest, on loop: any EventLoop, to receiver: any UpstreamReceiver) throws
        -> any UpstreamCall
    {
        self.state.withLockedValue { $0 = (receiver, false) }
        return Call(upstream: self)
    }

    func shutdown() {}

    /// Where the request's answer goes; throws before any request came.
    var receiver: any UpstreamReceiver {
        get throws {
            guard let receiver = self.state.withLockedValue({ $0.receiver }) else { throw NoRequest() }
            return receiver
        }
    }

    /// Whether the server gave up on the request (cancelled it).
    var cancelled: Bool { self.state.withLockedValue { $0.cancelled } }

    struct NoRequest: Error {}

    struct Call: UpstreamCall {
        let upstream: ScriptedUpstream

        func cancel() {
            self.upstream.state.withLockedValue { $0.cancelled = true }
        }
    }
}
