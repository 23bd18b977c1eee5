import NIOCore
import NIOHTTP1
import SwitchboardCore
import Testing

@testable import SwitchboardServer

@Suite struct RateLimitStageTests {
    static let manifest = """
        endpoints:
          - { id: limited, method: GET, path: /limited, rate_limit: 1/s }
          - { id: free, method: GET, path: /free }
        """

    func limited(_ harness: StageHarness, _ uri: String = "/limited") -> DecisionExchange {
        var exchange = harness.routed(.GET, uri)
        exchange.limiter = exchange.snapshot.limiter(endpoint: exchange.index)
        return exchange
    }

    @Test func theLimitTakesARequestAndRefusesTheNextWith429() throws {
        let harness = try StageHarness(Self.manifest)
        var retry = RetryDeadline()
        var first = self.limited(harness)
        #expect(RateLimitStage.run(&first, retry: &retry).isNext)
        #expect(first.verdict?.limit == 1 && first.verdict?.remaining == 0)
        var second = self.limited(harness)
        let refused = try #require(RateLimitStage.run(&second, retry: &retry).answer)
        #expect(refused.status == .tooManyRequests && refused.notes.endpointID == "limited")
        #expect(refused.notes.rateLimited != nil && refused.headers.first(name: "Retry-After") == "1")
    }

    @Test func aRememberedAnswerIsStampedWithItsOwnVerdict() throws {
        let harness = try StageHarness(Self.manifest)
        var retry = RetryDeadline()
        var exchange = self.limited(harness)
        let kept = PreparedResponse(status: .ok, headers: HTTPHeaders(), body: ByteBuffer())
        exchange.remembered = DecidedAnswer(kept)
        let answer = try #require(RateLimitStage.run(&exchange, retry: &retry).answer)
        #expect(answer.rateVerdict?.remaining == 0 && answer.headers.first(name: "RateLimit-Limit") == "1")
        #expect(kept.rateVerdict == nil, "the remembered answer is left as it was")
    }

    @Test func anEndpointWithoutALimitGoesOn() throws {
        let harness = try StageHarness(Self.manifest)
        var retry = RetryDeadline()
        var exchange = self.limited(harness, "/free")
        #expect(RateLimitStage.run(&exchange, retry: &retry).isNext)
        #expect(exchange.verdict == nil)
    }
}
