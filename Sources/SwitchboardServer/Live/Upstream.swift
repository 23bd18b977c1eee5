import NIOConcurrencyHelpers
import NIOCore
import SwitchboardCore

/// Where `live` requests go, and the transport that takes them there: one
/// per server, shared by every connection.
///
/// The transport is made on the first live request: a server that never
/// goes live (and a test that never stops its server) holds no client that
/// must be shut down. A server given no way to make one answers live
/// requests 502, saying why.
///
/// Live passthrough spans four modules, each for a reason: the upstream's
/// address (`SwitchboardCore`'s `Upstream/UpstreamURL`); the server's side
/// of a live request, its relay, toxics and the answers kept for recording
/// (`SwitchboardServer`'s `Upstream` and `Live*` files); the AsyncHTTPClient
/// transport (`SwitchboardUpstream`, apart so that SwitchboardKit builds
/// without BoringSSL); and SwitchboardKit's `start(fixtures:upstream:)`
/// (`SwitchboardLive`, a library of its own for the same reason).
final class Upstream: Sendable {
    private let state = NIOLockedValueBox<(transport: (any UpstreamTransport)?, stopped: Bool)>((nil, false))
    private let group: any EventLoopGroup
    private let maker: UpstreamTransportMaker?
    let settings: UpstreamSettings

    init(group: any EventLoopGroup, settings: UpstreamSettings, maker: UpstreamTransportMaker?) {
        self.group = group
        self.settings = settings
        self.maker = maker
    }

    /// The shared transport, or why there is none.
    var transport: Result<any UpstreamTransport, UpstreamFailure> {
        guard let maker = self.maker else { return .failure(.notLinked) }
        return self.state.withLockedValue { state in
            if state.stopped { return .failure(.stopping) }
            if let transport = state.transport { return .success(transport) }
            let transport = maker(self.group, self.settings)
            state.transport = transport
            return .success(transport)
        }
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
        let transport = self.state.withLockedValue { state in
            state.stopped = true
            defer { state.transport = nil }
            return state.transport
        }
        transport?.shutdown()
    }
}
