import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel
import SwitchboardSpecEndpoints
import SwitchboardTestSupport

@testable import SwitchboardServer

/// A manifest's panel, and decision exchanges over its current snapshot
/// and compiled responses, for the stage tests: each stage is run on a
/// value, with no connection and no event loop.
struct StageHarness {
    let panel: ControlPanel

    /// Descriptions are read, as the command line reads them.
    init(_ manifest: String, files: [String: String] = [:]) throws {
        self.panel = try MemoryFixtures(manifest, textFiles: files, descriptions: .openAPI).panel()
    }

    /// A request as it arrives, before any stage has run.
    func exchange(
        _ method: HTTPMethod = .GET, _ uri: String, headers: [(String, String)] = [], body: String? = nil,
        checked: [ContractViolation]? = nil
    ) -> DecisionExchange {
        let snapshot = self.panel.snapshot()
        let head = HTTPRequestHead(
            version: .http1_1, method: method, uri: uri, headers: HTTPHeaders([("Host", "t")] + headers))
        return DecisionExchange(
            head: head, snapshot: snapshot, catalog: ResponseCatalog(snapshot: snapshot), now: .uptimeNanoseconds(0),
            body: body.map { ByteBuffer(string: $0) }, checked: checked)
    }

    /// The same, routed to its declared endpoint (`BodyStage`, `RouteStage`).
    func routed(
        _ method: HTTPMethod = .GET, _ uri: String, headers: [(String, String)] = [], body: String? = nil,
        checked: [ContractViolation]? = nil
    ) -> DecisionExchange {
        var exchange = self.exchange(method, uri, headers: headers, body: body, checked: checked)
        _ = BodyStage.run(&exchange)
        _ = RouteStage.run(&exchange, upstream: nil)
        return exchange
    }

    /// The same, decided (`PreferStage`, `DecideStage`): what the making
    /// stages start from.
    func decided(_ uri: String, headers: [(String, String)] = []) -> DecisionExchange {
        var exchange = self.routed(.GET, uri, headers: headers)
        exchange.prefer = exchange.head.headers.first(name: "Prefer")
        _ = PreferStage.run(&exchange)
        _ = DecideStage.run(&exchange)
        return exchange
    }
}

extension StageStep {
    var isNext: Bool {
        if case .next = self { true } else { false }
    }

    var answer: PreparedResponse? {
        if case .answer(let answer) = self { answer } else { nil }
    }
}
