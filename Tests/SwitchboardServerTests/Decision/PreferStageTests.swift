import Testing

@testable import SwitchboardServer

@Suite struct PreferStageTests {
    static let manifest = "endpoints:\n  - { id: a, method: GET, path: /a }\n"

    func preferring(_ prefer: String?) throws -> DecisionExchange {
        var exchange = try StageHarness(Self.manifest).routed(.GET, "/a")
        exchange.prefer = prefer
        return exchange
    }

    @Test func whatThePreferHeaderAsksForIsTheOverride() throws {
        var exchange = try self.preferring("mode=server_error")
        #expect(PreferStage.run(&exchange).isNext)
        #expect(exchange.override.mode == .serverError)
        var none = try self.preferring(nil)
        #expect(PreferStage.run(&none).isNext)
        #expect(none.override == .init())
    }

    @Test func anOverrideThatCannotBeHadIs400() throws {
        var exchange = try self.preferring("mode=sometimes")
        let answer = try #require(PreferStage.run(&exchange).answer)
        #expect(answer.status == .badRequest && answer.notes.endpointID == "a")
        #expect(String(buffer: answer.body).contains(#""error":"bad_prefer""#))
    }
}
