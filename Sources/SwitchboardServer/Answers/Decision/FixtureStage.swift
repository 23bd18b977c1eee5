import NIOCore
import NIOHTTP1

/// The answer's status, headers and body, from its compiled response and
/// the request's parameters (`CompiledResponse.resolve`): prebuilt wire
/// bytes where the body is fixed, a body to make off the loop where it is
/// large or generated; a request naming a fixture file that does not
/// exist gets the 404 saying which. A mode that serves no response (a
/// fault with no status line, `live`) starts from an empty one.
enum FixtureStage {
    @inline(__always)
    static func run(_ exchange: inout DecisionExchange) -> StageStep {
        guard exchange.decision != nil, exchange.response == nil else { return .next }
        guard let compiled = exchange.compiled else {
            exchange.response = PreparedResponse(status: .ok, headers: HTTPHeaders(), body: ByteBuffer())
            return .next
        }
        if let resolved = compiled.resolve(parameters: exchange.parameters) {
            var response = PreparedResponse(status: compiled.status, headers: resolved.headers, body: resolved.body)
            response.head = resolved.head
            response.wire = resolved.wire
            response.laterBody = resolved.later
            exchange.response = response
        } else {
            let missing = compiled.missingFileName(parameters: exchange.parameters) ?? "?"
            let endpoint = exchange.catalog.endpoints[exchange.index]
            let body = UnmatchedResponse.missingFixture(file: missing, signature: endpoint.signature, id: endpoint.id)
            var response = PreparedResponse(
                status: .notFound, headers: UnmatchedResponse.headers(length: body.readableBytes), body: body)
            response.notes.missingFixture = missing
            exchange.response = response
        }
        return .next
    }
}
