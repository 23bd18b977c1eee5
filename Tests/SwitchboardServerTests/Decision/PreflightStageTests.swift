import Testing

@testable import SwitchboardServer

@Suite struct PreflightStageTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a }
          - { id: b, method: POST, path: /a }
        """

    @Test func aPreflightForAnEndpointIsAnsweredForIt() throws {
        let harness = try StageHarness(Self.manifest)
        var exchange = harness.exchange(.OPTIONS, "/a", headers: [("Access-Control-Request-Method", "POST")])
        let answer = try #require(PreflightStage.run(&exchange, cors: true).answer)
        #expect(answer.status == .noContent && answer.notes.endpointID == "b")
        #expect(answer.headers.first(name: "Access-Control-Allow-Methods") == "GET, POST, OPTIONS")
        #expect(answer.delay == .zero)
    }

    @Test func otherRequestsGoOn() throws {
        let harness = try StageHarness(Self.manifest)
        var off = harness.exchange(.OPTIONS, "/a", headers: [("Access-Control-Request-Method", "POST")])
        #expect(PreflightStage.run(&off, cors: false).isNext, "CORS is off")
        var noMethod = harness.exchange(.OPTIONS, "/a")
        #expect(PreflightStage.run(&noMethod, cors: true).isNext, "a plain OPTIONS")
        var unknown = harness.exchange(.OPTIONS, "/a", headers: [("Access-Control-Request-Method", "DELETE")])
        #expect(PreflightStage.run(&unknown, cors: true).isNext, "no endpoint takes DELETE /a")
    }
}
