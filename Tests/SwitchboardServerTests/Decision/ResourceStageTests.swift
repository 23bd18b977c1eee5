import Testing

@testable import SwitchboardServer

@Suite struct ResourceStageTests {
    static let manifest = """
        resources:
          todos: { path: /todos, seed: todos.json }
        endpoints:
          - { id: plain, method: GET, path: /plain }
        """
    static let files = ["todos.json": #"[{"id": 1, "title": "milk"}]"#]

    @Test func aResourcesEndpointAnswersFromItsStore() throws {
        let harness = try StageHarness(Self.manifest, files: Self.files)
        var exchange = harness.decided("/todos/1")
        #expect(ResourceStage.run(&exchange, panel: harness.panel).isNext)
        let answer = try #require(exchange.response)
        #expect(exchange.hasResource && answer.status == .ok)
        #expect(String(buffer: answer.body).contains(#""title":"milk""#))
        #expect(answer.headers.first(name: "Cache-Control") == "no-store")
    }

    @Test func anyOtherEndpointIsLeftToItsFixture() throws {
        let harness = try StageHarness(Self.manifest, files: Self.files)
        var exchange = harness.decided("/plain")
        #expect(ResourceStage.run(&exchange, panel: harness.panel).isNext)
        #expect(!exchange.hasResource && exchange.response == nil)
    }
}
