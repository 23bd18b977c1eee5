import NIOCore
import NIOHTTP1
import SwitchboardCore
import Synchronization

/// Decides how to answer a request: routes it against the current snapshot,
/// applies the endpoint's mode and latency, and picks the bytes. Shared by all
/// connections; holds no per-request state.
final class Responder: Sendable {
    let panel: ControlPanel
    let journal: RequestJournal
    private let catalog = Mutex<ResponseCatalog?>(nil)
    /// Requests received and not yet answered (delayed ones included).
    let inFlight = Atomic<Int>(0)

    init(panel: ControlPanel, journal: RequestJournal) {
        self.panel = panel
        self.journal = journal
    }

    /// The compiled responses for `snapshot`'s manifest, built on first use.
    func catalog(for snapshot: PanelSnapshot) -> ResponseCatalog {
        self.catalog.withLock { cached in
            if let cached, cached.generation == snapshot.generation { return cached }
            let fresh = ResponseCatalog(snapshot: snapshot)
            cached = fresh
            return fresh
        }
    }

    /// The answer to one request.
    func prepare(head: HTTPRequestHead, snapshot: PanelSnapshot, catalog: ResponseCatalog) -> PreparedResponse {
        let target = RequestTarget(uri: head.uri)
        let route = snapshot.table.route(method: head.method.rawValue, target: target) { name in
            head.headers.first(name: name)
        }
        switch route {
        case .unmatched(let unmatched):
            let body = UnmatchedResponse.body(method: head.method.rawValue, target: target, unmatched: unmatched)
            return PreparedResponse(
                status: .notFound, headers: UnmatchedResponse.headers(length: body.readableBytes), body: body,
                delay: .zero, endpointID: nil, mode: nil, latency: nil, unmatched: unmatched)
        case .matched(let index, let parameters):
            let decision = snapshot.decide(endpoint: index)
            let endpoint = snapshot.manifest.endpoints[index]
            let compiled = catalog.response(endpoint: index, kind: decision.response)
            guard let (headers, body) = compiled.resolve(parameters: parameters) else {
                let missing = compiled.missingFileName(parameters: parameters) ?? "?"
                let body = UnmatchedResponse.missingFixture(file: missing, endpoint: endpoint)
                return PreparedResponse(
                    status: .notFound, headers: UnmatchedResponse.headers(length: body.readableBytes), body: body,
                    delay: decision.delay, endpointID: endpoint.id, mode: decision.mode, latency: decision.latency,
                    unmatched: nil)
            }
            return PreparedResponse(
                status: compiled.status, headers: headers, body: body, delay: decision.delay,
                endpointID: endpoint.id, mode: decision.mode, latency: decision.latency, unmatched: nil)
        }
    }
}

/// Everything the handler needs to write one response and journal it.
struct PreparedResponse {
    var status: HTTPResponseStatus
    var headers: HTTPHeaders
    var body: ByteBuffer
    var delay: Duration
    var endpointID: String?
    var mode: Mode?
    var latency: String?
    var unmatched: Unmatched?
}
