import AsyncHTTPClient
import NIOCore
import SwitchboardCore
import Synchronization

/// The one HTTP client every connection of a server sends its `live`
/// requests through: on the server's own event loops, so that a relayed
/// response never changes threads, with pooled keep-alive connections to
/// each upstream. Configured as a proxy must be: no redirect following, no
/// decompression, no cookies (AsyncHTTPClient keeps none), and timeouts on
/// connecting and on reading.
///
/// Made on the first live request: a server that never goes live (and a
/// test that never stops its server) holds no client that must be shut down.
final class UpstreamClient: Sendable {
    private let state = Mutex<(client: HTTPClient?, stopped: Bool)>((nil, false))
    private let group: any EventLoopGroup
    let settings: UpstreamSettings

    init(group: any EventLoopGroup, settings: UpstreamSettings) {
        self.group = group
        self.settings = settings
    }

    /// The shared client; `nil` once the server is stopping.
    var client: HTTPClient? {
        self.state.withLock { state in
            if state.stopped { return nil }
            if let client = state.client { return client }
            let client = Self.makeClient(group: self.group, settings: self.settings)
            state.client = client
            return client
        }
    }

    private static func makeClient(group: any EventLoopGroup, settings: UpstreamSettings) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(
                connect: TimeAmount(settings.connectTimeout), read: TimeAmount(settings.readTimeout)),
            decompression: .disabled)
        // Per event loop and upstream; a load test's fifty connections each
        // keep their own instead of queueing for the default eight.
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 256)
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
        return HTTPClient(eventLoopGroupProvider: .shared(group), configuration: configuration)
    }

    /// Where a request for the endpoint at `index` goes (`nil` for an
    /// unmatched one): the endpoint's own upstream, else `--upstream`,
    /// else the manifest's.
    func upstream(endpoint index: Int?, manifest: Manifest) -> UpstreamURL? {
        if let index, let own = manifest.endpoints[index].upstream { return own }
        return self.settings.url ?? manifest.upstream
    }

    /// Whether any request may go live: answers are then decided as a
    /// request's head arrives, so that a live one's body can stream to the
    /// upstream (`RequestHandler.decideAtHead`).
    func mayForward(_ manifest: Manifest) -> Bool {
        self.settings.url != nil || manifest.upstream != nil || manifest.endpoints.contains { $0.upstream != nil }
    }

    func shutdown() {
        let client = self.state.withLock { state in
            state.stopped = true
            defer { state.client = nil }
            return state.client
        }
        try? client?.syncShutdown()
    }
}
