import NIOCore
import NIOHTTP1
import SwitchboardCore

/// A request no declared endpoint matched, where unmatched requests go
/// live (`RouteStage` found the upstream): a row seen live before answers
/// as its setting says, like a declared one, and needs no word on why no
/// declared endpoint matched; any other is relayed, and its row learnt.
enum LiveStage {
    /// `panel`: learns the row of a request relayed for the first time.
    @inline(__always)
    static func run(_ exchange: inout DecisionExchange, panel: ControlPanel) -> StageStep {
        guard let upstream = exchange.unmatchedUpstream else { return .next }
        let head = exchange.head
        let method = head.method.rawValue
        if let seen = exchange.snapshot.seenLive.route(method: method, target: exchange.target) {
            return RouteStage.routed(seen, &exchange)
        }
        func header(_ name: String) -> String? { head.headers.first(name: name) }
        var response = PreparedResponse(status: .ok, headers: HTTPHeaders(), body: ByteBuffer())
        response.notes.unmatched = exchange.snapshot.table.explain(
            method: method, target: exchange.target, header: header, body: &exchange.content)
        response.notes.endpointID = panel.learn(method: method, target: exchange.target)
        response.plan = .relay(upstream, AnswerPlan.BodyPlan())
        return .answer(response)
    }
}
