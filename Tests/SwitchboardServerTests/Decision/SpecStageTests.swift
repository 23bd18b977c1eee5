import Testing

@testable import SwitchboardServer

@Suite struct SpecStageTests {
    static let spec = """
        openapi: 3.1.0
        info: { title: Pets, version: "1" }
        paths:
          /pets/{id}:
            get:
              operationId: getPet
              parameters: [ { name: id, in: path, required: true, schema: { type: integer } } ]
              responses:
                '200': { description: a pet, content: { application/json: { example: { name: Rex } } } }
                '404': { description: none, content: { application/json: { example: { error: no such pet } } } }
        """

    func harness() throws -> StageHarness {
        try StageHarness("openapi: api.yaml\n", files: ["api.yaml": Self.spec])
    }

    @Test func theEndpointsResponseOfTheDecidedKind() throws {
        let harness = try self.harness()
        var exchange = harness.decided("/pets/1")
        #expect(SpecStage.run(&exchange).isNext)
        #expect(exchange.compiled?.status == .ok)
        try harness.panel.setMode(.error, endpoint: "getPet")
        var error = harness.decided("/pets/1")
        #expect(SpecStage.run(&error).isNext)
        #expect(error.compiled?.status == .notFound)
    }

    @Test func aPreferNamingADocumentedAnswerGetsThatOne() throws {
        var exchange = try self.harness().decided("/pets/1", headers: [("Prefer", "code=404")])
        #expect(exchange.override.spec != nil)
        #expect(SpecStage.run(&exchange).isNext)
        #expect(exchange.compiled?.status == .notFound)
    }

    @Test func aModeWithNoResponseHasNone() throws {
        let harness = try self.harness()
        try harness.panel.setMode(.fault(.reset), endpoint: "getPet")
        var exchange = harness.decided("/pets/1")
        #expect(SpecStage.run(&exchange).isNext)
        #expect(exchange.compiled == nil)
    }
}
