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
    private struct State {
        var receiver: (any UpstreamReceiver)?
        var cancelled = false
        /// Every request taken, oldest first: what the upstream was sent.
        var requests: [UpstreamRequest] = []
    }

    private let state = NIOLockedValueBox(State())

    /// For `Responder`: every live request goes to this transport.
    func upstream(on loop: EmbeddedEventLoop, settings: UpstreamSettings? = nil) -> Upstream {
        Upstream(
            group: loop,
            settings: settings ?? UpstreamSettings(url: UpstreamURL(scheme: "http", host: "127.0.0.1", port: 9)),
            maker: { _, _ in self })
    }

    func send(_ request: UpstreamRequest, on loop: any EventLoop, to receiver: any UpstreamReceiver) throws
        -> any UpstreamCall
    {
        self.state.withLockedValue {
            $0.receiver = receiver
            $0.cancelled = false
            $0.requests.append(request)
        }
        return Call(upstream: self)
    }

    func shutdown() {}

    /// Where the latest request's answer goes; throws before any request came.
    var receiver: any UpstreamReceiver {
        get throws {
            guard let receiver = self.state.withLockedValue({ $0.receiver }) else { throw NoRequest() }
            return receiver
        }
    }

    /// Whether the server gave up on the request (cancelled it).
    var cancelled: Bool { self.state.withLockedValue { $0.cancelled } }

    /// The requests sent so far, oldest first.
    var requests: [UpstreamRequest] { self.state.withLockedValue { $0.requests } }

    /// Answers the latest request whole, each step after the last one's
    /// future, as AsyncHTTPClient does; a step the server refuses (a
    /// failed future) fails the request with that error, as it would.
    func answer(_ status: HTTPResponseStatus, _ headers: HTTPHeaders = [:], body: String = "") throws {
        try self.answer(status, headers, parts: body.isEmpty ? [] : [body])
    }

    /// The same, the body in `parts`. Without a Content-Length or a
    /// Transfer-Encoding, one is added for the body, as a server would.
    func answer(_ status: HTTPResponseStatus, _ headers: HTTPHeaders, parts: [String]) throws {
        try self.answer(status, headers, byteParts: parts.map { Array($0.utf8) })
    }

    /// The same, the body bytes that are not text (a gzipped body).
    func answer(_ status: HTTPResponseStatus, _ headers: HTTPHeaders, bytes: [UInt8]) throws {
        try self.answer(status, headers, byteParts: [bytes])
    }

    private func answer(_ status: HTTPResponseStatus, _ headers: HTTPHeaders, byteParts parts: [[UInt8]]) throws {
        let receiver = try self.receiver
        var refused: (any Error)?
        var headers = headers
        if !headers.contains(name: "Content-Length") && !headers.contains(name: "Transfer-Encoding") {
            headers.add(name: "Content-Length", value: String(parts.reduce(0) { $0 + $1.count }))
        }
        let head = HTTPResponseHead(version: .http1_1, status: status, headers: headers)
        let steps: [() -> EventLoopFuture<Void>] =
            [{ receiver.head(head) }] + parts.map { part in { receiver.bodyPart(ByteBuffer(bytes: part)) } }
        for step in steps {
            step().assumeIsolated().whenFailure { refused = $0 }
            if let refused {
                receiver.failed(UpstreamFailure(refused))
                return
            }
        }
        receiver.end()
    }

    /// For a streamed request body: the upstream is connected and takes
    /// it, as the transport does once its connection is ready. The body
    /// goes to `body`; `ended` completes when the server has sent it all.
    func takeBody(on loop: EmbeddedEventLoop) throws -> (body: Body, ended: EventLoopFuture<Void>) {
        let body = Body(loop: loop)
        return (body, try self.receiver.bodyWriterReady(body))
    }

    /// A streamed request body as the upstream has taken it so far.
    final class Body: UpstreamBodyWriter {
        private let loop: EmbeddedEventLoop
        private let taken = NIOLockedValueBox<[UInt8]>([])

        init(loop: EmbeddedEventLoop) { self.loop = loop }

        func write(_ buffer: ByteBuffer) -> EventLoopFuture<Void> {
            self.taken.withLockedValue { $0 += buffer.readableBytesView }
            return self.loop.makeSucceededVoidFuture()
        }

        var bytes: [UInt8] { self.taken.withLockedValue { $0 } }
    }

    /// The latest request gets no answer, for `failure`'s reason.
    func fail(_ failure: UpstreamFailure) throws {
        try self.receiver.failed(failure)
    }

    struct NoRequest: Error {}

    struct Call: UpstreamCall {
        let upstream: ScriptedUpstream

        func cancel() {
            self.upstream.state.withLockedValue { $0.cancelled = true }
        }
    }
}
