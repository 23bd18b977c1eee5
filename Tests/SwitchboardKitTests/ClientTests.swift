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
        #expect(logins.first?.mode == .error)
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
        let error = await #expect(throws: SwitchboardError.self) {
            try await client.set("logn", .error)
        }
        #expect(error?.status == 404)
        #expect(error?.message.contains("no endpoint 'logn'") == true)
        #expect(error?.valid == ["login", "profile"])
    }

    @Test(.switchboard("Fixtures"))
    func requestsCarryWhatTheAppSentAsInProcess() async throws {
        let board = Switchboard.current
        let client = SwitchboardClient(url: board.baseURL)
        _ = await AuthClient(baseURL: board.baseURL).login(email: "a@b.c", password: "x")
        let record = try #require(try await client.requests("login").first)
        let received = try #require(try await board.requests("login").first)
        #expect(record.bodyText == received.bodyText)
        #expect(record.header("Content-Type") == received.header("Content-Type"))
        struct Sent: Decodable, Equatable { var email: String }
        #expect(try record.decodeBody(as: Sent.self) == Sent(email: "a@b.c"))
    }

    @Test(.switchboard("Fixtures"))
    func verifyingFailsTheTestAtTheCallersLine() async throws {
        let board = Switchboard.current
        let client = SwitchboardClient(url: board.baseURL)
        #expect(await client.verifyNoUnmatchedRequests())
        _ = await AuthClient(baseURL: board.baseURL).get("/logn")
        await withKnownIssue {
            let passed = await client.verifyNoUnmatchedRequests()
            #expect(passed == false)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("received 1 request no endpoint answered")
                && text.contains("GET /logn → 404 (unmatched:")
                && issue.sourceLocation?.fileName == "ClientTests.swift"
        }
    }

    /// No `try`, as in process: a server that cannot be asked fails the
    /// test at the caller's line instead of throwing.
    @Test func verifyingAServerThatIsGoneFailsTheTestAtTheCallersLine() async throws {
        let board = try await Switchboard.start { Endpoint.get("/ping", id: "ping") }
        let client = SwitchboardClient(url: board.baseURL)
        await board.stop()
        await withKnownIssue {
            #expect(await client.verifyNoUnmatchedRequests() == false)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("could not ask \(board.baseURL.absoluteString) for unmatched requests")
                && issue.sourceLocation?.fileName == "ClientTests.swift"
        }
    }

    @Test(.switchboard("Fixtures"))
    func waitingReturnsTheRequestTheAppSendsLater() async throws {
        let board = Switchboard.current
        let client = SwitchboardClient(url: board.baseURL)
        async let waited = client.waitForRequest(to: "login", timeout: .seconds(30))
        // Sent from a task of the app's own, some time after the wait began.
        Task { _ = await AuthClient(baseURL: board.baseURL).login(email: "a@b.c", password: "x") }
        let login = try #require(await waited)
        #expect(login.method == "POST" && login.path == "/login")
    }

    @Test(.switchboard("Fixtures"))
    func waitingInVainFailsTheTestSayingWhatCameIn() async throws {
        let board = Switchboard.current
        let client = SwitchboardClient(url: board.baseURL)
        _ = await AuthClient(baseURL: board.baseURL).get("/profile/ada")
        await withKnownIssue {
            let login = await client.waitForRequest(to: "login", timeout: .milliseconds(100))
            #expect(login == nil)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("waited 0.1 seconds for a request to 'login'")
                && text.contains("GET /profile/ada → 200 (profile: success)")
                && issue.sourceLocation?.fileName == "ClientTests.swift"
        }
        await withKnownIssue {
            _ = await client.waitForRequest(to: "logn")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("no endpoint 'logn'")
        }
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
