import Testing

@testable import SwitchboardServer

@Suite struct FixtureStageTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a, success: { body: "hello" } }
          - { id: episode, method: GET, path: "/episodes/:n", success: { file: "episodes/{n}.json" } }
        """
    static let files = ["episodes/1.json": #"{"n":1}"#]

    func made(_ uri: String, _ harness: StageHarness) -> DecisionExchange {
        var exchange = harness.decided(uri)
        _ = SpecStage.run(&exchange)
        _ = FixtureStage.run(&exchange)
        return exchange
    }

    @Test func aFixedBodyIsAnsweredFromItsPrebuiltBytes() throws {
        let answer = try #require(self.made("/a", try StageHarness(Self.manifest, files: Self.files)).response)
        #expect(answer.status == .ok && String(buffer: answer.body) == "hello")
        #expect(answer.wire != nil && answer.head != nil)
    }

    @Test func aFileTheRequestNamesIsReadOr404() throws {
        let harness = try StageHarness(Self.manifest, files: Self.files)
        #expect(self.made("/episodes/1", harness).response.map { String(buffer: $0.body) } == #"{"n":1}"#)
        let missing = try #require(self.made("/episodes/9", harness).response)
        #expect(missing.status == .notFound && missing.notes.missingFixture == "episodes/9.json")
    }

    @Test func aModeThatServesNoResponseStartsFromAnEmptyOne() throws {
        let harness = try StageHarness(Self.manifest, files: Self.files)
        try harness.panel.setMode(.fault(.reset), endpoint: "a")
        let answer = try #require(self.made("/a", harness).response)
        #expect(answer.status == .ok && answer.body.readableBytes == 0 && answer.wire == nil)
    }
}
