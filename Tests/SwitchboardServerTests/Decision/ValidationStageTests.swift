import SwitchboardModel
import Testing

@testable import SwitchboardServer

@Suite struct ValidationStageTests {
    static let spec = """
        openapi: 3.0.3
        info: { title: Pets, version: "1" }
        paths:
          /pets:
            post:
              operationId: addPet
              requestBody:
                required: true
                content:
                  application/json:
                    schema: { type: object, required: [name], properties: { name: { type: string } } }
              responses:
                '201': { description: made, content: { application/json: { example: { id: 1, name: Rex } } } }
        """

    func harness(validate: Bool = true) throws -> StageHarness {
        try StageHarness("openapi: api.yaml\n" + (validate ? "validate: true\n" : ""), files: ["api.yaml": Self.spec])
    }

    @Test func anUncheckedRequestIsAnsweredWithItsCheckToRun() throws {
        var exchange = try self.harness().routed(.POST, "/pets", body: #"{"name": 7}"#)
        let pending = try #require(ValidationStage.run(&exchange).answer)
        let validation = try #require(pending.validation)
        #expect(pending.notes.endpointID == "addPet")
        #expect(validation.violations().map(\.description) == ["body.name: expected string"])
    }

    @Test func aCheckedRequestIsRefusedOrGoesOn() throws {
        let broken = [ContractViolation(location: "body.name", message: "expected string")]
        var refused = try self.harness().routed(.POST, "/pets", checked: broken)
        let answer = try #require(ValidationStage.run(&refused).answer)
        #expect(answer.status.code == 422 && answer.notes.invalid == broken)
        let unchecked = [ContractViolation(location: "body", message: "too deep", kind: .unchecked)]
        var kept = try self.harness().routed(.POST, "/pets", checked: unchecked)
        #expect(ValidationStage.run(&kept).isNext, "what was not checked is not refused")
        var fine = try self.harness().routed(.POST, "/pets", checked: [])
        #expect(ValidationStage.run(&fine).isNext)
    }

    @Test func withoutValidateNothingIsChecked() throws {
        var exchange = try self.harness(validate: false).routed(.POST, "/pets")
        #expect(ValidationStage.run(&exchange).isNext)
    }
}
