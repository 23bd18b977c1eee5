import NIOEmbedded
import SwitchboardCore
import Testing

@testable import SwitchboardServer

@Suite struct LiveStageTests {
    static let manifest = """
        upstream: http://127.0.0.1:9
        endpoints:
          - { id: a, method: GET, path: /a }
        """

    func unmatched(_ harness: StageHarness, _ uri: String) -> DecisionExchange {
        var exchange = harness.exchange(.GET, uri)
        _ = RouteStage.run(
            &exchange, upstream: Upstream(group: EmbeddedEventLoop(), settings: UpstreamSettings(), maker: nil))
        return exchange
    }

    @Test func aRequestNothingMatchedIsRelayedAndItsRowLearnt() throws {
        let harness = try StageHarness(Self.manifest)
        var exchange = self.unmatched(harness, "/episodes/7")
        let answer = try #require(LiveStage.run(&exchange, panel: harness.panel).answer)
        #expect(answer.notes.endpointID == "get-episodes-id" && answer.notes.unmatched != nil)
        guard case .relay(let upstream?, _) = answer.plan else {
            Issue.record("not relayed: \(answer.plan)")
            return
        }
        #expect(upstream.host == "127.0.0.1")
        // Seen once, the row answers as its setting says, like a declared one.
        var again = self.unmatched(harness, "/episodes/8")
        #expect(LiveStage.run(&again, panel: harness.panel).isNext)
        #expect(again.index == 1 && again.parameters == ["id": "8"])
    }

    @Test func aRoutedRequestGoesOn() throws {
        let harness = try StageHarness(Self.manifest)
        var exchange = harness.routed(.GET, "/a")
        #expect(LiveStage.run(&exchange, panel: harness.panel).isNext)
        #expect(exchange.index == 0)
    }
}
