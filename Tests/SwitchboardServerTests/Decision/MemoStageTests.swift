import NIOCore
import NIOHTTP1
import Testing

@testable import SwitchboardServer

@Suite struct MemoStageTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a, success: { body: "one" } }
          - { id: limited, method: GET, path: /limited, rate_limit: 5/s }
        """

    /// A memo that remembers `answer` for the endpoint `exchange` is for.
    func memo(remembering answer: PreparedResponse, for exchange: DecisionExchange) -> AnswerMemo {
        var memo = AnswerMemo()
        memo.keep(answer, endpoint: exchange.index, for: exchange.head, in: exchange.snapshot)
        return memo
    }

    @Test func aRememberedAnswerIsGivenAtOnce() throws {
        let harness = try StageHarness(Self.manifest)
        var exchange = harness.routed(.GET, "/a")
        let kept = PreparedResponse(status: .ok, headers: HTTPHeaders(), body: ByteBuffer(string: "one"))
        let answer = try #require(MemoStage.run(&exchange, memo: self.memo(remembering: kept, for: exchange)).answer)
        #expect(answer.isIdentical(to: kept), "the very answer kept, not a copy")
        var forgotten = harness.routed(.GET, "/a")
        #expect(MemoStage.run(&forgotten, memo: AnswerMemo()).isNext)
    }

    @Test func aRequestAskingForItsOwnAnswerGoesOnWithItsPrefer() throws {
        let harness = try StageHarness(Self.manifest)
        var exchange = harness.routed(.GET, "/a", headers: [("Prefer", "mode=server_error")])
        let kept = PreparedResponse(status: .ok, headers: HTTPHeaders(), body: ByteBuffer())
        #expect(MemoStage.run(&exchange, memo: self.memo(remembering: kept, for: exchange)).isNext)
        #expect(exchange.prefer == "mode=server_error")
    }

    @Test func aLimitedEndpointsAnswerWaitsForItsLimit() throws {
        let harness = try StageHarness(Self.manifest)
        var exchange = harness.routed(.GET, "/limited")
        let kept = PreparedResponse(status: .ok, headers: HTTPHeaders(), body: ByteBuffer())
        #expect(MemoStage.run(&exchange, memo: self.memo(remembering: kept, for: exchange)).isNext)
        #expect(exchange.limiter != nil && exchange.remembered?.answer.isIdentical(to: kept) == true)
    }
}
