import Testing

@testable import SwitchboardServer

@Suite struct TemplateStageTests {
    static let manifest = """
        endpoints:
          - id: echo
            method: GET
            path: "/echo/:id"
            success: { json: { key: "{header.X-Key}", page: "{query.page}", n: "{counter}" } }
          - { id: plain, method: GET, path: /plain }
        """

    @Test func theRequestsValuesAreFilledAsParameters() throws {
        let harness = try StageHarness(Self.manifest)
        var exchange = harness.routed(.GET, "/echo/7?page=2", headers: [("X-Key", "k")])
        #expect(TemplateStage.run(&exchange, panel: harness.panel).isNext)
        #expect(exchange.parameters["id"] == "7" && exchange.parameters["header.X-Key"] == "k")
        #expect(exchange.parameters["query.page"] == "2" && exchange.parameters["counter"] == "1")
        #expect(exchange.taken == 0, "the counter took the endpoint's first request number")
    }

    @Test func anEndpointThatReadsNothingIsLeftAlone() throws {
        let harness = try StageHarness(Self.manifest)
        var exchange = harness.routed(.GET, "/plain")
        #expect(TemplateStage.run(&exchange, panel: harness.panel).isNext)
        #expect(exchange.parameters.isEmpty && exchange.taken == nil)
    }
}
