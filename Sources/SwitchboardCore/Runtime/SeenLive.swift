/// The endpoints seen live: one row per method and grouped path (see
/// `PathGrouping`) for requests that went to the upstream because no
/// manifest endpoint matched them. Each is a real endpoint of the panel,
/// in mode `live`, that can be flipped like any other; recording reads them
/// from here (`PanelSnapshot.seenLive.endpoints`).
///
/// They come after the manifest's endpoints in `PanelSnapshot.manifest`
/// (index `offset + i`) and have their own routing table, tried only when
/// no manifest endpoint matches: a learned row never shadows a declared
/// one, and routing to declared endpoints does not get slower.
public struct SeenLive: Sendable {
    /// At most this many rows: a client that puts random words in its paths
    /// must not grow the panel without end. Past it, new paths still go live
    /// and are journaled, without a row.
    public static let limit = 1_000

    /// In the order they were first seen.
    public let endpoints: [EndpointDefinition]
    /// Where the first of them sits among the panel's endpoints (the number
    /// of endpoints the manifest declares).
    public let offset: Int
    let table: EndpointTable

    init(endpoints: [EndpointDefinition], offset: Int) {
        self.endpoints = endpoints
        self.offset = offset
        self.table = EndpointTable(endpoints: endpoints)
    }

    /// The panel index of the row a request belongs to, with its parameters.
    public func route(method: String, target: RequestTarget) -> RouteResult? {
        guard !self.endpoints.isEmpty,
            case .matched(let index, let parameters) = self.table.match(
                method: method, target: target, header: { _ in nil })
        else { return nil }
        return .matched(index: self.offset + index, parameters: parameters)
    }

    /// The row a request that went live would be learned as: `GET
    /// /episodes/:id`, id `get-episodes-id` (numbered when a declared
    /// endpoint already has that id).
    static func row(method: String, target: RequestTarget, taken: Set<String>) -> EndpointDefinition {
        let pattern = PathGrouping.pattern(for: target)
        let id = Self.unique(PathGrouping.endpointID(method: method, pattern: pattern), taken: taken)
        return EndpointDefinition(id: id, method: method.uppercased(), path: pattern, startMode: .live)
    }

    static func unique(_ id: String, taken: Set<String>) -> String {
        guard taken.contains(id) else { return id }
        var number = 2
        while taken.contains("\(id)-\(number)") { number += 1 }
        return "\(id)-\(number)"
    }

    /// Method and path with parameter names left out: `GET /a/:id` and
    /// `GET /a/:episode` route the same requests.
    static func key(_ endpoint: EndpointDefinition) -> String {
        var key = endpoint.method
        for segment in endpoint.path.segments {
            switch segment {
            case .literal(let text): key += "/" + text
            case .parameter: key += "/\u{0}:"
            case .wildcard: key += "/\u{0}*"
            }
        }
        return key
    }
}
