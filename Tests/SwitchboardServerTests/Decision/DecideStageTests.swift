import SwitchboardCore
import Testing

@testable import SwitchboardServer

@Suite struct DecideStageTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a }
          - { id: b, method: GET, path: /b }
        """

    @Test func theDecisionIsTheSettingsOrWhatThePreferHeaderForced() throws {
        let harness = try StageHarness(Self.manifest)
        try harness.panel.setMode(.serverError, endpoint: "b")
        var plain = harness.routed(.GET, "/b")
        #expect(DecideStage.run(&plain).isNext)
        let decided = try #require(plain.decision)
        #expect(decided.endpointIndex == 1 && decided.mode == .serverError && decided.forced.isEmpty)
        var forced = harness.routed(.GET, "/a")
        forced.override = PanelSnapshot.Override(mode: .error)
        #expect(DecideStage.run(&forced).isNext)
        #expect(forced.decision?.mode == .error && forced.decision?.forced.mode == .error)
        #expect(forced.decision?.mayBeCached == false && forced.decision?.repeats == false)
    }
}
