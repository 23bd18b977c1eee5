import NIOCore
import SwitchboardCore

/// The last stage: the answer made so far gets what goes on the wire and
/// when (the wait, the plan its `AnswerScript` is made from: a fixture's
/// bytes, a fault, the relay; the toxics, `limit_data`'s cut), its notes
/// (the decision, the endpoint), is remembered if its decision repeats,
/// and is stamped with the rate limit's verdict.
enum ScriptStage {
    /// `upstream`: where a `live` endpoint's requests go.
    @inline(__always)
    static func run(_ exchange: inout DecisionExchange, upstream: Upstream?, memo: inout AnswerMemo) -> StageStep {
        guard let decision = exchange.decision, var response = exchange.response.take() else { return .next }
        response.notes.decision = decision
        response.delay = decision.delay
        response.notes.endpointID = exchange.catalog.endpoints[exchange.index].id
        response.plan = self.plan(for: decision, snapshot: exchange.snapshot, upstream: upstream)
        response.hasToxics = !decision.toxics.isEmpty && response.plan.takesToxics
        // `limit_data` cuts an answer the toxics act on (a relayed one
        // as it streams, by the same `DataLimit`).
        if response.hasToxics, let limit = decision.toxics.limitData, case .answer(var body) = response.plan {
            body.cut = .after(limit)
            response.plan = .answer(body)
        }
        // A resource's items change between requests: never remembered.
        if decision.repeats, exchange.parameters.isEmpty, !exchange.hasResource {
            // Unstamped: each later request is stamped with its own
            // verdict, and a limited one is never answered by target
            // alone, which would skip its limit.
            memo.keep(
                response, endpoint: exchange.index, for: exchange.head, in: exchange.snapshot,
                byTarget: exchange.limiter == nil)
        }
        if let verdict = exchange.verdict { RateLimitAnswer.stamp(verdict, on: &response) }
        return .answer(response)
    }

    /// What goes on the wire for `decision` (see `AnswerPlan`).
    static func plan(for decision: Decision, snapshot: PanelSnapshot, upstream: Upstream?) -> AnswerPlan {
        switch decision.mode {
        case .live:
            let upstream = upstream?.upstream(endpoint: decision.endpointIndex, manifest: snapshot.manifest)
            return .relay(upstream, AnswerPlan.BodyPlan(rate: decision.bandwidth))
        case .fault(let fault):
            // An endpoint that passes through is cut on its live answer, as
            // one with a fixture is on the fixture; with no upstream to ask,
            // on the fixture.
            let relay =
                snapshot.manifest.endpoints[decision.endpointIndex].passesThrough
                ? upstream?.upstream(endpoint: decision.endpointIndex, manifest: snapshot.manifest) : nil
            return .fault(fault, rate: decision.bandwidth, relay: relay) {
                var bytes = snapshot.garbage(endpoint: decision.endpointIndex, request: decision.request)
                // Never let the noise start like a status line by chance.
                if bytes.starts(with: Array("HTTP".utf8)) { bytes[0] = 0 }
                return ByteBuffer(bytes: bytes)
            }
        case .success, .error, .serverError, .flaky, .sequence, .rule:
            return .answer(AnswerPlan.BodyPlan(rate: decision.bandwidth))
        }
    }
}
