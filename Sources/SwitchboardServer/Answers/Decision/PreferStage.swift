import SwitchboardCore

/// What the request's `Prefer` header asks for in place of the endpoint's
/// setting (a mode, a latency, toxics, Prism's `code=`, `example=`,
/// `dynamic=`); one it cannot have is refused with a 400, before any rate
/// limit counts it.
enum PreferStage {
    @inline(__always)
    static func run(_ exchange: inout DecisionExchange) -> StageStep {
        guard let prefer = exchange.prefer else { return .next }
        switch PreferHeader.parse(prefer, endpoint: exchange.index, manifest: exchange.snapshot.manifest) {
        case .success(let wanted):
            exchange.override = wanted
            return .next
        case .failure(let problem):
            let body = ErrorBody.buffer(.badPrefer, problem.message)
            var response = PreparedResponse(
                status: .badRequest, headers: UnmatchedResponse.headers(length: body.readableBytes), body: body)
            response.notes.endpointID = exchange.catalog.endpoints[exchange.index].id
            return .answer(response)
        }
    }
}
