/// With `--validate`, a request is checked against its operation's
/// description first, as a server checks a request before it does
/// anything with it: neither a remembered answer nor a limit's count is
/// given to a request that breaks it. Unchecked, it is answered with its
/// check to run off the loop (`RequestValidation.pending`), and prepared
/// again with what the check found; one that the check refuses gets the
/// 401, 415 or 422 (`InvalidRequestAnswer`). What was not checked is said
/// with the answer, not refused (`Responder.prepare`).
enum ValidationStage {
    @inline(__always)
    static func run(_ exchange: inout DecisionExchange) -> StageStep {
        let manifest = exchange.snapshot.manifest
        guard manifest.validatesRequests, let contract = manifest.endpoints[exchange.index].contract else {
            return .next
        }
        guard let checked = exchange.checked else {
            let validation = RequestValidation(
                contract: contract, target: exchange.target, parameters: exchange.parameters,
                headers: exchange.head.headers, body: exchange.body.map { Array($0.readableBytesView) } ?? [])
            return .answer(validation.pending(endpointID: exchange.catalog.endpoints[exchange.index].id))
        }
        if checked.contains(where: \.refuses) {
            return .answer(
                InvalidRequestAnswer.prepared(checked, endpointID: exchange.catalog.endpoints[exchange.index].id))
        }
        return .next
    }
}
