import Testing

@testable import SwitchboardServer

@Suite struct TargetFormStageTests {
    static let manifest = "endpoints:\n  - { id: a, method: GET, path: /a }\n"

    @Test func aConnectIsAnsweredAtOnceAndAnOrdinaryRequestGoesOn() throws {
        let harness = try StageHarness(Self.manifest)
        var connect = harness.exchange(.CONNECT, "example.com:443")
        let refused = try #require(TargetFormStage.run(&connect).answer)
        #expect(refused.status == .methodNotAllowed && refused.headers.first(name: "Allow") != nil)
        var asterisk = harness.exchange(.OPTIONS, "*")
        #expect(TargetFormStage.run(&asterisk).answer?.status == .ok)
        var ordinary = harness.exchange(.GET, "/a")
        #expect(TargetFormStage.run(&ordinary).isNext)
    }
}
