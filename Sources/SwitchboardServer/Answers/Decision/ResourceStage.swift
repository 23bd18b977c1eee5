import SwitchboardCore

/// An endpoint that is one of a resource's (`EndpointDefinition.resource`)
/// answers its success from the store: the item in the path, the JSON
/// body (`ResourceResponse`). Its items change between requests, so its
/// answers are never remembered.
enum ResourceStage {
    /// `panel`: holds the resources' stores.
    @inline(__always)
    static func run(_ exchange: inout DecisionExchange, panel: ControlPanel) -> StageStep {
        guard let decision = exchange.decision else { return .next }
        let resource = exchange.snapshot.manifest.endpoints[exchange.index].resource
        exchange.hasResource = resource != nil
        if decision.response == .success, let resource {
            exchange.response = ResourceResponse.prepared(
                resource, store: panel.resources, parameters: exchange.parameters, body: &exchange.content)
        }
        return .next
    }
}
