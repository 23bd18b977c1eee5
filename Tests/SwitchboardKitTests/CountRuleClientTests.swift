import Foundation
import SwitchboardKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The retry test the count rules exist for, with a real URLSession client
/// over a real port: an app that retries twice gets through `fail_first:2`.
@Suite struct CountRuleClientTests {
    /// A client as apps write one: try, and on a 5xx or a dropped connection
    /// try again, up to `retries` more times. Returns each attempt's status
    /// (0 for a network error).
    static func fetch(_ url: URL, retries: Int, session: URLSession = .shared) async -> [Int] {
        var attempts: [Int] = []
        for _ in 0...retries {
            do {
                let (_, response) = try await session.data(from: url)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                attempts.append(status)
                if status < 500 { break }
            } catch {
                attempts.append(0)
            }
        }
        return attempts
    }

    @Test(.switchboard("Fixtures"))
    func twoRetriesGetThroughFailFirstTwo() async throws {
        let board = Switchboard.current
        try await board.set("profile", .rule(.failFirst(2)))
        let url = board.baseURL.appendingPathComponent("profile/ada")
        #expect(await Self.fetch(url, retries: 2) == [500, 500, 200])
        let requests = try await board.requests("profile")
        #expect(requests.map(\.mode) == [.serverError, .serverError, .success])
    }

    @Test(.switchboard("Fixtures"))
    func oneRetryIsNotEnoughAndSettingTheRuleAgainStartsOver() async throws {
        let board = Switchboard.current
        try await board.set("profile", .rule(.failFirst(2)))
        let url = board.baseURL.appendingPathComponent("profile/ada")
        #expect(await Self.fetch(url, retries: 1) == [500, 500])
        #expect(await Self.fetch(url, retries: 1) == [200])
        try await board.set("profile", .rule(.failFirst(2)))
        #expect(await Self.fetch(url, retries: 2) == [500, 500, 200])
    }

    @Test(.switchboard("Fixtures"))
    func droppedConnectionsAreRetriedThrough() async throws {
        let board = Switchboard.current
        try await board.set("profile", .rule(.failFirst(2, failure: .reset)))
        let url = board.baseURL.appendingPathComponent("profile/ada")
        #expect(await Self.fetch(url, retries: 2) == [0, 0, 200])
    }

    @Test(.switchboard("Fixtures"))
    func anExpiringTokenFailsFromTheNthCallOn() async throws {
        let board = Switchboard.current
        try await board.set("profile", .rule(.after(2)))
        let url = board.baseURL.appendingPathComponent("profile/ada")
        var statuses: [Int] = []
        for _ in 0..<4 { statuses += await Self.fetch(url, retries: 0) }
        #expect(statuses == [200, 200, 500, 500])
    }

    /// The manifest refuses a count rule as a `sequence` step (it counts
    /// requests of its own); code gets the same refusal, in the same words.
    static let ruleInSequence: @Sendable () -> [Endpoint] = {
        [Endpoint.get("/profile/:user", id: "profile").sequence([.success, .rule(.failFirst(2)), .sequence])]
    }

    static let ruleInSequenceProblems = [
        "profile: a sequence cannot contain the count rule 'fail_first:2' — list the modes to serve in turn, "
            + "or make the rule the endpoint's mode",
        "profile: a sequence cannot contain 'sequence' — list the modes to serve in turn",
    ]

    @Test func aCountRuleInASequenceIsRefusedAtStart() async throws {
        let error = await #expect(throws: EndpointDeclarationError.self) {
            _ = try await Switchboard.start { Self.ruleInSequence() }
        }
        #expect(error?.problems == Self.ruleInSequenceProblems)
        let inProcess = #expect(throws: EndpointDeclarationError.self) {
            _ = try Switchboard.inProcess { Self.ruleInSequence() }
        }
        #expect(inProcess?.problems == Self.ruleInSequenceProblems)
    }
}
