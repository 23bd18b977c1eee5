import SwitchboardCore

/// Which declared endpoint the request is for. One that matches none gets
/// the 404 that says what was probably meant (`UnmatchedResponse`), unless
/// unmatched requests go live: then `LiveStage` takes it.
enum RouteStage {
    /// `upstream`: where live requests go, if anywhere.
    @inline(__always)
    static func run(_ exchange: inout DecisionExchange, upstream: Upstream?) -> StageStep {
        let head = exchange.head
        // A local function, not a closure value: that would be an
        // allocation per request.
        func header(_ name: String) -> String? { head.headers.first(name: name) }
        let method = head.method.rawValue
        let table = exchange.snapshot.table
        if let matched = table.match(method: method, target: exchange.target, header: header, body: &exchange.content) {
            return self.routed(matched, &exchange)
        }
        let manifest = exchange.snapshot.manifest
        if let upstream = upstream?.upstream(endpoint: nil, manifest: manifest),
            manifest.unmatchedPolicy(upstream: upstream) == .live
        {
            exchange.unmatchedUpstream = upstream
            return .next
        }
        let unmatched = table.explain(method: method, target: exchange.target, header: header, body: &exchange.content)
        return self.routed(.unmatched(unmatched), &exchange)
    }

    /// The endpoint found, noted for the next stages; or the 404.
    static func routed(_ route: RouteResult, _ exchange: inout DecisionExchange) -> StageStep {
        switch route {
        case .unmatched(let unmatched):
            let body = UnmatchedResponse.body(
                method: exchange.head.method.rawValue, target: exchange.target, unmatched: unmatched)
            var response = PreparedResponse(
                status: .notFound, headers: UnmatchedResponse.headers(length: body.readableBytes), body: body)
            response.notes.unmatched = unmatched
            return .answer(response)
        case .matched(let index, let parameters):
            exchange.index = index
            exchange.parameters = parameters
            return .next
        }
    }
}
