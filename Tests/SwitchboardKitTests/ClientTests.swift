import Foundation
import SwitchboardClient
import SwitchboardKit
import Testing

/// The cross-process client, against an in-process server's control API
/// (the same routes `switchboard serve` answers).
@Suite struct ClientTests {
    @Test(.switchboard("Fixtures"))
    func theClientFlipsAndReads() async throws {
        let board = Switchboard.current
        let client = SwitchboardClient(url: board.baseURL)
        let status = try await client.set("login", .error, latency: .profile("wifi"))
        #expect(status.mode == "error")
        #expect(status.latency == "wifi")
        #expect(try board.mode(of: "login") == .error)
        #expect(
            await AuthClient(baseURL: board.baseURL).login(email: "a", password: "b") == .failure(.invalidCredentials))
        #expect(await AuthClient(baseURL: board.baseURL).get("/nope") == 404)

        let logins = try await client.requests("login")
        #expect(logins.map(\.status) == [401])
        #expect(logins.first?.mode == "error")
        #expect(try await client.unmatchedRequests().map(\.path) == ["/nope"])
        #expect(try await client.requests().count == 2)

        try await client.apply(scenario: "outage")
        #expect(try board.mode(of: "profile") == .serverError)
        try await client.reset()
        #expect(try board.mode(of: "login") == .success)
        #expect(try await client.clearRequests() == 2)
        #expect(try await client.requests().isEmpty)
    }

    @Test(.switchboard("Fixtures"))
    func refusalsCarryTheServersSentence() async throws {
        let client = SwitchboardClient(url: Switchboard.current.baseURL)
        let error = await #expect(throws: SwitchboardClientError.self) {
            try await client.set("logn", .error)
        }
        #expect(error?.status == 404)
        #expect(error?.message.contains("no endpoint 'logn'") == true)
        #expect(error?.valid == ["login", "profile"])
    }

    /// Rate limits are typed values in both APIs; the server's status JSON
    /// and its answers agree with what was set.
    @Test(.switchboard("Fixtures"))
    func rateLimitsAreSetWithTypedValues() async throws {
        let board = Switchboard.current
        let client = SwitchboardClient(url: board.baseURL)
        try await board.set("profile", rateLimit: .perMinute(1))
        let status = try await client.set("profile", rateLimit: .perMinute(2))
        #expect(status.rateLimit == "2/min")
        let app = AuthClient(baseURL: board.baseURL)
        var statuses: [Int?] = []
        for _ in 0..<3 { statuses.append(await app.get("/profile/ada")) }
        #expect(statuses == [200, 200, 429])
        let removed = try await client.set("profile", rateLimit: .noLimit)
        #expect(removed.rateLimit == nil)
        #expect(await app.get("/profile/ada") == 200)
        #expect(try await client.requests("profile").map(\.rateLimited) == [nil, nil, "2/min", nil])
    }
}
