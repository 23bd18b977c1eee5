/// The decision (`PanelSnapshot.decide`): the mode this request gets from
/// the endpoint's setting and the `Prefer` override (a flaky draw, a
/// sequence's or a count rule's step), its latency, bandwidth and toxics,
/// and whether the answer may be cached or remembered.
enum DecideStage {
    @inline(__always)
    static func run(_ exchange: inout DecisionExchange) -> StageStep {
        exchange.decision = exchange.snapshot.decide(
            endpoint: exchange.index, override: exchange.override, request: exchange.taken)
        return .next
    }
}
