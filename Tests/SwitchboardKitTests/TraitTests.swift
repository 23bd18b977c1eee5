import Foundation
import SwitchboardKit
import Testing

/// The trait as a user writes it, against `Fixtures/` next to this file.
@Suite struct TraitTests {
    @Test(.switchboard("Fixtures"))
    func wrongPasswordIsReported() async throws {
        let board = Switchboard.current
        try await board.set("login", .error)
        let result = await AuthClient(baseURL: board.baseURL).login(email: "a@b.c", password: "x")
        #expect(result == .failure(.invalidCredentials))
        #expect(try await board.requests("login").count == 1)
    }

    @Test(.switchboard("Fixtures"))
    func theRequestSentIsThereToCheck() async throws {
        let board = Switchboard.current
        let result = await AuthClient(baseURL: board.baseURL).login(email: "a@b.c", password: "right")
        #expect(result == .success("abc123"))
        let login = try #require(try await board.requests("login").first)
        #expect(login.method == "POST")
        #expect(login.header("content-type") == "application/json")
        #expect(try login.decodeBody(as: [String: String].self) == ["email": "a@b.c", "password": "right"])
        #expect(login.status == 200)
        #expect(login.mode == .success)
        await board.verifyNoUnmatchedRequests()
    }

    @Test(.switchboard("Fixtures"), arguments: [Mode.serverError, .reset])
    func eachCaseGetsAFreshInstance(mode: Mode) async throws {
        let board = Switchboard.current
        // Another case's flip or request never shows here.
        #expect(try board.mode(of: "login") == .success)
        #expect(try await board.requests().isEmpty)
        try await board.set("login", mode)
        let result = await AuthClient(baseURL: board.baseURL).login(email: "a@b.c", password: "x")
        #expect(result == (mode == .reset ? .failure(.network) : .failure(.server(500))))
    }

    @Test(.switchboard("Fixtures"))
    func scenariosAndResetWork() async throws {
        let board = Switchboard.current
        try await board.apply(scenario: "outage")
        #expect(try board.mode(of: "profile") == .serverError)
        try await board.reset()
        #expect(try board.mode(of: "profile") == .success)
        let error = await #expect(throws: SwitchboardError.self) { try await board.apply(scenario: "outge") }
        #expect(error?.problem == .unknownScenario)
        #expect(error?.valid == ["outage"])
    }

    @Test(
        .switchboard {
            Endpoint.post("/login", id: "login").json(#"{"token":"from-code"}"#).error(status: 401)
        })
    func endpointsDeclaredInCodeNeedNoFiles() async throws {
        let client = AuthClient(baseURL: Switchboard.current.baseURL)
        #expect(await client.login(email: "a", password: "b") == .success("from-code"))
        try await Switchboard.current.set("login", .error)
        #expect(await client.login(email: "a", password: "b") == .failure(.invalidCredentials))
    }
}

/// A suite marked once gives each of its tests an instance of its own.
@Suite(.switchboard("Fixtures")) struct MarkedSuiteTests {
    @Test func first() async throws {
        try await Switchboard.current.set("login", .error)
        #expect(try await Switchboard.current.requests().isEmpty)
    }

    @Test func second() async throws {
        #expect(try Switchboard.current.mode(of: "login") == .success)
    }
}
