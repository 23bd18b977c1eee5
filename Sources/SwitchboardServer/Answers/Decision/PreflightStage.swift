/// A browser's CORS preflight (`OPTIONS` with
/// `Access-Control-Request-Method`) for a route that exists is answered
/// here (`CORS.preflight`), after the wait the endpoint's latency says: the
/// browser's extra round trip costs what the endpoint's does.
enum PreflightStage {
    /// `cors`: whether the server answers preflights at all.
    @inline(__always)
    static func run(_ exchange: inout DecisionExchange, cors: Bool) -> StageStep {
        let head = exchange.head
        guard cors, head.method == .OPTIONS,
            let wanted = head.headers.first(name: "Access-Control-Request-Method"),
            var preflight = CORS.preflight(
                head: head, wanted: wanted, target: exchange.target, snapshot: exchange.snapshot)
        else { return .next }
        let id = preflight.notes.endpointID
        if let index = exchange.catalog.endpoints.firstIndex(where: { $0.id == id }) {
            preflight.delay = exchange.snapshot.preflightDelay(endpoint: index)
        }
        return .answer(preflight)
    }
}
