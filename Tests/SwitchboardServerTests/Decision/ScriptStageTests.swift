import SwitchboardCore
import SwitchboardModel
import Testing

@testable import SwitchboardServer

@Suite struct ScriptStageTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a, success: { body: "hello" } }
          - { id: limited, method: GET, path: /limited, rate_limit: 5/s }
        """

    func made(_ uri: String, _ harness: StageHarness) -> DecisionExchange {
        var exchange = harness.decided(uri)
        _ = SpecStage.run(&exchange)
        _ = FixtureStage.run(&exchange)
        return exchange
    }

    @Test func theAnswerIsFinishedWithItsNotesAndPlanAndRemembered() throws {
        let harness = try StageHarness(Self.manifest)
        var exchange = self.made("/a", harness)
        var memo = AnswerMemo()
        let answer = try #require(ScriptStage.run(&exchange, upstream: nil, memo: &memo).answer)
        #expect(answer.notes.endpointID == "a" && answer.notes.decision?.mode == .success)
        #expect(answer.plan == .answer(AnswerPlan.BodyPlan()) && !answer.hasToxics && answer.delay == .zero)
        #expect(memo.answer(endpoint: 0, in: exchange.snapshot)?.answer.isIdentical(to: answer) == true)
    }

    @Test func limitDataCutsTheAnswer() throws {
        let harness = try StageHarness(Self.manifest)
        try harness.panel.set(endpoint: "a", SettingChange(toxics: Toxics(limitData: 3)))
        var exchange = self.made("/a", harness)
        var memo = AnswerMemo()
        let answer = try #require(ScriptStage.run(&exchange, upstream: nil, memo: &memo).answer)
        #expect(answer.hasToxics)
        guard case .answer(let body) = answer.plan else {
            Issue.record("not an answer: \(answer.plan)")
            return
        }
        #expect(body.cut == .after(3))
    }

    @Test func aFaultIsPlannedAndAVerdictStamped() throws {
        let harness = try StageHarness(Self.manifest)
        try harness.panel.setMode(.fault(.reset), endpoint: "limited")
        var exchange = self.made("/limited", harness)
        exchange.verdict = RateVerdict(allowed: true, limit: 5, remaining: 4, reset: 1)
        var memo = AnswerMemo()
        let answer = try #require(ScriptStage.run(&exchange, upstream: nil, memo: &memo).answer)
        #expect(answer.plan == .reset)
        #expect(answer.rateVerdict?.remaining == 4 && answer.headers.first(name: "RateLimit-Remaining") == "4")
    }
}
