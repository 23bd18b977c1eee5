import SwitchboardCore

/// What arrived of the body, made readable to routing and templates, only
/// when some endpoint reads bodies (`EndpointTable.readsBodies`): every
/// other request copies nothing.
enum BodyStage {
    @inline(__always)
    static func run(_ exchange: inout DecisionExchange) -> StageStep {
        if exchange.snapshot.table.readsBodies, let body = exchange.body {
            exchange.content = RequestBody(bytes: Array(body.readableBytesView))
        }
        return .next
    }
}
