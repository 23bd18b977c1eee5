import AsyncHTTPClient
import NIOConcurrencyHelpers
public import NIOCore
import NIOHTTP1
public import SwitchboardServer

/// The transport `switchboard` sends `live` requests through:
/// AsyncHTTPClient on the server's own event loops, with pooled keep-alive
/// connections to each upstream. Configured as a proxy must be: no
/// redirect following, no decompression, no cookies (AsyncHTTPClient keeps
/// none), and timeouts on connecting and on reading.
///
/// Live passthrough spans four modules, each for a reason: the upstream's
/// address (`SwitchboardCore`'s `Upstream/UpstreamURL`); the server's side
/// of a live request, its relay, toxics and the answers kept for recording
/// (`SwitchboardServer`'s `Upstream` and `Live*` files); the AsyncHTTPClient
/// transport (`SwitchboardUpstream`, apart so that SwitchboardKit builds
/// without BoringSSL); and SwitchboardKit's `start(fixtures:upstream:)`
/// (`SwitchboardLive`, a library of its own for the same reason).
public struct AsyncHTTPClientTransport: UpstreamTransport {
    private let client: HTTPClient
    private let diagnosis = CertificateDiagnosis()
    private let connectTimeout: TimeAmount
    /// Requests already made, by method and URL: parsing one (Foundation's `URL`, then
    /// AsyncHTTPClient's own look at its parts) cost 16,500 instructions a
    /// live request, a sixth of all our relay's; an app asks for the same
    /// few URLs again and again. Emptied when full.
    private let parsed = NIOLockedValueBox<[Parsed: HTTPClient.Request]>([:])
    static let parsedLimit = 256

    /// Connections to one upstream at once: as many as live requests want.
    /// A client connection carries one live request at a time, so they
    /// never outnumber the clients' own connections (bounded by the
    /// open-file limit, which `switchboard` raises at start). Any lower
    /// limit (AsyncHTTPClient's default is 8; it was 256 here) queues the
    /// request past it behind long polls, SSE streams and slow uploads that
    /// hold their connections for minutes, until it fails after the connect
    /// timeout with `getConnectionFromPoolTimeout`, though the upstream is
    /// fine.
    static let connectionsPerHost = Int.max

    /// What a server's configuration takes as its `upstreamTransport`.
    public static let maker: UpstreamTransportMaker = { group, settings in
        AsyncHTTPClientTransport(group: group, settings: settings)
    }

    init(group: any EventLoopGroup, settings: UpstreamSettings) {
        self.client = HTTPClient(eventLoopGroupProvider: .shared(group), configuration: Self.configuration(settings))
        self.connectTimeout = TimeAmount(settings.connectTimeout)
    }

    /// The client's configuration for `settings`.
    static func configuration(_ settings: UpstreamSettings) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(
                connect: TimeAmount(settings.connectTimeout), read: TimeAmount(settings.readTimeout)),
            decompression: .disabled)
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: Self.connectionsPerHost)
        // An upstream that is down answers 502 at once: retrying until the
        // connect timeout would make "connection refused" a 5-second hang.
        configuration.connectionPool.retryConnectionEstablishment = false
        // The upstream's own HTTP/2 would change what the app sees
        // (no status text, lower-case names); HTTP/1.1 passes it unchanged.
        configuration.httpVersion = .http1Only
        configuration.tlsConfiguration = UpstreamTrust.tlsConfiguration(settings)
        // No spans: with none configured the default is a no-op tracer that
        // is still asked for a span, with its attributes, on every request
        // (about 30k instructions each, measured with callgrind).
        configuration.tracing.tracer = nil
        // The one hook AsyncHTTPClient gives on its HTTP/1 connections' channels
        // (named for debugging; it runs once per connection, before its first
        // request): our ACKs go out at once (QuickAcks).
        configuration.http1_1ConnectionDebugInitializer = { channel in QuickAcks.install(on: channel) }
        return configuration
    }

    /// `.delegate(on:)`, not `.delegateAndChannel(on:)`: AsyncHTTPClient
    /// closes a connection made for a *required* event loop as soon as it
    /// is idle, so every live request would open a new TCP connection to
    /// the upstream. With a preferred loop the pool keeps its connections,
    /// leases one on the same loop first and makes new ones there, and the
    /// delegate's calls still arrive on `loop`.
    ///
    /// The delegate API rather than `HTTPClientResponse.body`: its
    /// `didReceiveBodyPart` returns a future, and the client reads no more
    /// from the upstream until it completes, which is the whole of
    /// back-pressure. The async sequence would do the same only through a
    /// task per request and a hop to and from the concurrency pool per part.
    public func send(_ request: UpstreamRequest, on loop: any EventLoop, to receiver: any UpstreamReceiver) throws
        -> any UpstreamCall
    {
        let body: HTTPClient.Body?
        switch request.body {
        case .none: body = nil
        case .whole(let buffer): body = .byteBuffer(buffer)
        case .stream(let length):
            body = .stream(contentLength: length.map(Int64.init)) { writer in
                receiver.bodyWriterReady(StreamWriter(writer: writer))
            }
        }
        var outgoing = try self.parsedRequest(request.method, url: request.url)
        outgoing.headers = request.headers
        outgoing.body = body
        let (host, port, timeout, diagnosis) = (outgoing.host, outgoing.port, self.connectTimeout, self.diagnosis)
        var diagnose: (@Sendable () -> EventLoopFuture<UpstreamFailure>)?
        if outgoing.scheme == "https" {
            diagnose = { diagnosis.diagnose(host: host, port: port, on: loop, timeout: timeout) }
        }
        let relay = Relay(receiver: receiver, host: host, diagnose: diagnose)
        return Call(task: self.client.execute(request: outgoing, delegate: relay, eventLoop: .delegate(on: loop)))
    }

    private struct Parsed: Hashable {
        /// `HTTPMethod` is not `Hashable`.
        var method: String
        var url: String
    }

    /// A request to `url`, parsed once (see `parsed`); its headers and body
    /// are the caller's to set. Throws for a URL the client refuses, which
    /// is not kept.
    private func parsedRequest(_ method: HTTPMethod, url: String) throws -> HTTPClient.Request {
        let key = Parsed(method: method.rawValue, url: url)
        if let known = self.parsed.withLockedValue({ $0[key] }) { return known }
        let request = try HTTPClient.Request(url: url, method: method)
        self.parsed.withLockedValue { parsed in
            if parsed.count >= Self.parsedLimit { parsed.removeAll(keepingCapacity: true) }
            parsed[key] = request
        }
        return request
    }

    public func shutdown() {
        try? self.client.syncShutdown()
    }

    private struct Call: UpstreamCall {
        let task: HTTPClient.Task<Void>
        func cancel() { self.task.cancel() }
    }

    private struct StreamWriter: UpstreamBodyWriter {
        let writer: HTTPClient.Body.StreamWriter
        func write(_ buffer: ByteBuffer) -> EventLoopFuture<Void> { self.writer.write(.byteBuffer(buffer)) }
    }
}
