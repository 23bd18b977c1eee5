/// A request that asks for nothing of its own (no `Prefer`) and names no
/// file by its parameters gets what the last one got (`AnswerMemo`): the
/// fast path, first after routing, before anything is decided or made.
/// An endpoint without a rate limit is answered here at once; a limited
/// one's remembered answer is given once its limit has taken the request
/// (`RateLimitStage`), stamped with its own verdict.
enum MemoStage {
    @inline(__always)
    static func run(_ exchange: inout DecisionExchange, memo: AnswerMemo) -> StageStep {
        exchange.prefer = exchange.head.headers.first(name: "Prefer")
        exchange.limiter = exchange.snapshot.limiter(endpoint: exchange.index)
        guard exchange.prefer == nil, exchange.parameters.isEmpty,
            let remembered = memo.answer(endpoint: exchange.index, in: exchange.snapshot)
        else { return .next }
        guard exchange.limiter != nil else { return .answer(remembered.answer) }
        exchange.remembered = remembered
        return .next
    }
}
