import NIOEmbedded
import SwitchboardCore
import Testing

@testable import SwitchboardServer

@Suite struct RouteStageTests {
    static let manifest = """
        endpoints:
          - { id: users, method: GET, path: "/users/:id" }
          - { id: other, method: GET, path: /other }
        """

    @Test func aMatchedRequestNotesItsEndpointAndParameters() throws {
        var exchange = try StageHarness(Self.manifest).exchange(.GET, "/users/7")
        #expect(RouteStage.run(&exchange, upstream: nil).isNext)
        #expect(exchange.index == 0 && exchange.parameters == ["id": "7"])
    }

    @Test func anUnmatchedRequestIs404SayingWhatWasMeant() throws {
        var exchange = try StageHarness(Self.manifest).exchange(.POST, "/users/7")
        let answer = try #require(RouteStage.run(&exchange, upstream: nil).answer)
        #expect(answer.status == .notFound && answer.notes.unmatched?.closestID == "users")
        #expect(String(buffer: answer.body).contains(#""closest_id":"users""#))
    }

    @Test func anUnmatchedRequestGoesOnWhenUnmatchedRequestsGoLive() throws {
        let live = try StageHarness("upstream: http://127.0.0.1:9\n" + Self.manifest)
        var exchange = live.exchange(.GET, "/nowhere")
        let upstream = Upstream(group: EmbeddedEventLoop(), settings: UpstreamSettings(), maker: nil)
        #expect(RouteStage.run(&exchange, upstream: upstream).isNext)
        #expect(exchange.unmatchedUpstream != nil)
        // Without the server's upstream, the manifest's says nothing: a 404.
        var alone = live.exchange(.GET, "/nowhere")
        #expect(RouteStage.run(&alone, upstream: nil).answer?.status == .notFound)
    }
}
