public import NIOCore
public import NIOHTTP1

/// Sends `live` requests to the real API. The server holds no HTTP client
/// of its own: the program that wants passthrough gives it a transport
/// (`SwitchboardUpstream` has the one the binary uses, on
/// AsyncHTTPClient), so a library that only serves fixtures links no HTTP
/// client and no TLS.
public protocol UpstreamTransport: Sendable {
    /// Starts `request`. Every call on `receiver` but
    /// ``UpstreamReceiver/bodyWriterReady(_:)`` arrives on `loop`. Throws
    /// when the request cannot be made at all (its URL is not one the
    /// client takes); every later failure goes to `receiver`.
    func send(_ request: UpstreamRequest, on loop: any EventLoop, to receiver: any UpstreamReceiver) throws
        -> any UpstreamCall

    /// Closes the pooled connections; no request is sent after it.
    func shutdown()
}

/// Makes the server's transport on its first `live` request, on the
/// server's own event loops, so that a relayed answer never changes threads.
public typealias UpstreamTransportMaker =
    @Sendable (_ group: any EventLoopGroup, _ settings: UpstreamSettings) -> any UpstreamTransport

/// One request as it goes to the upstream.
public struct UpstreamRequest: Sendable {
    public var url: String
    public var method: HTTPMethod
    /// Hop-by-hop fields already dropped (`UpstreamHeaders.request`).
    public var headers: HTTPHeaders
    public var body: Body

    public enum Body: Sendable {
        case none
        /// All of it, already read.
        case whole(ByteBuffer)
        /// Still arriving: the transport asks for it with
        /// ``UpstreamReceiver/bodyWriterReady(_:)`` once its connection is
        /// ready. `length` as the client announced it; `nil` for chunked.
        case stream(length: Int?)
    }
}

/// Where the upstream's answer goes: the connection that relays it.
public protocol UpstreamReceiver: Sendable {
    /// The answer's head; the body is not read until the future completes.
    /// A failed future fails the request (its error reaches ``failed(_:)``).
    func head(_ head: HTTPResponseHead) -> EventLoopFuture<Void>
    /// A part of the body; the next is not read until the future completes
    /// (back-pressure from the client's socket to the upstream's).
    func bodyPart(_ buffer: ByteBuffer) -> EventLoopFuture<Void>
    func end()
    func failed(_ failure: UpstreamFailure)
    /// For a ``UpstreamRequest/Body/stream(length:)`` body: the transport
    /// can take it now. The returned future completes when the body has
    /// ended (or fails when it never will). May be called on any thread.
    func bodyWriterReady(_ writer: any UpstreamBodyWriter) -> EventLoopFuture<Void>
}

/// Takes a streamed request body, a part at a time.
public protocol UpstreamBodyWriter: Sendable {
    /// Completes when the transport has taken `buffer`.
    func write(_ buffer: ByteBuffer) -> EventLoopFuture<Void>
}

/// A request on its way; cancelling it closes its upstream connection.
public protocol UpstreamCall: Sendable {
    func cancel()
}
