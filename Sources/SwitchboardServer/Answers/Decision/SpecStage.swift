import NIOCore

/// The compiled response the answer is made from: the endpoint's of the
/// decided kind (as `no-store` where it may not be cached), or, for a
/// `Prefer` naming one (Prism's `code=`, `example=`, `dynamic=`), another
/// of the description's documented answers, made for this request and
/// never remembered.
enum SpecStage {
    @inline(__always)
    static func run(_ exchange: inout DecisionExchange) -> StageStep {
        guard exchange.response == nil, let decision = exchange.decision, let kind = decision.response else {
            return .next
        }
        if let preference = exchange.override.spec,
            let contract = exchange.snapshot.manifest.endpoints[exchange.index].contract
        {
            let definition = contract.definition(preferred: preference, kind: kind)
            exchange.compiled = CompiledResponse(definition.uncacheable, allocator: ByteBufferAllocator())
        } else {
            exchange.compiled = exchange.catalog.endpoints[exchange.index].response(
                kind, mayBeCached: decision.mayBeCached)
        }
        return .next
    }
}
