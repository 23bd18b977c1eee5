import SwitchboardCore

/// Answers that read the request's values (`{header.X}`, `{body.a}`,
/// `{counter}`…) get them as parameters, so they are rendered for each
/// request and never remembered; a `{counter}` takes the request's number
/// on its endpoint, which its decision then draws with.
enum TemplateStage {
    /// `panel`: gives the server-wide `{seq}` number.
    @inline(__always)
    static func run(_ exchange: inout DecisionExchange, panel: ControlPanel) -> StageStep {
        let snapshot = exchange.snapshot
        guard snapshot.table.readsRequests, case let names = snapshot.table.requestValueNames[exchange.index],
            !names.isEmpty
        else { return .next }
        let head = exchange.head
        func header(_ name: String) -> String? { head.headers.first(name: name) }
        let filled = snapshot.templateValues(
            names, endpoint: exchange.index, target: exchange.target, header: header, body: &exchange.content,
            now: WallClock.now(), arrival: panel.nextArrivalNumber)
        exchange.parameters.merge(filled.values) { route, _ in route }
        exchange.taken = filled.request
        return .next
    }
}
