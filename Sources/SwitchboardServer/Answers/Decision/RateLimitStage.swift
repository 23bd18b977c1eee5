import NIOCore
import SwitchboardCore

/// An endpoint's rate limit takes every request, remembered answer or not:
/// one it refuses gets the 429 (`RateLimitAnswer.refused`); one it lets
/// through carries the verdict's `RateLimit-*` headers, stamped on its
/// answer (`RateLimitAnswer.stamp`). The client is the key header's value,
/// or without one the connection (`retry`: the `Retry-After` it last
/// carried).
enum RateLimitStage {
    @inline(__always)
    static func run(_ exchange: inout DecisionExchange, retry: inout RetryDeadline) -> StageStep {
        guard let limiter = exchange.limiter else { return .next }
        let head = exchange.head
        let key = limiter.keyHeader.flatMap { head.headers.first(name: $0) }
        let verdict = limiter.take(
            key: key, now: .nanoseconds(Int64(exchange.now.uptimeNanoseconds)), connection: &retry)
        guard verdict.allowed else {
            let endpoint = exchange.catalog.endpoints[exchange.index]
            return .answer(
                RateLimitAnswer.refused(
                    verdict, limit: limiter.limit, endpointID: endpoint.id, signature: endpoint.signature))
        }
        if let remembered = exchange.remembered {
            var response = remembered.answer
            RateLimitAnswer.stamp(verdict, on: &response)
            return .answer(response)
        }
        exchange.verdict = verdict
        return .next
    }
}
