import CoinList
import SwitchboardKit
import Testing

/// The login screen's tests. The fixtures tell the right password from a
/// wrong one by what the request's body holds (two endpoints on
/// `POST /login`), and in process `offline` fails the request as a device
/// without network does, which no server on a socket can.
@Suite(.switchboardInProcess("Fixtures")) struct LoginTests {
    var board: Switchboard { Switchboard.current }
    var client: LoginClient {
        LoginClient(baseURL: Switchboard.current.baseURL, session: Switchboard.current.urlSession())
    }

    @Test func theRightPasswordSignsIn() async throws {
        #expect(await self.client.logIn(username: "alice", password: "s3cret") == .signedIn(token: "alice-token"))
        // What the app sent, in one line: JSON with exactly these two fields.
        try await self.board.verify(
            "login", count: 1, where: { $0.json == ["username": "alice", "password": "s3cret"] })
    }

    @Test func aWrongPasswordIsReported() async throws {
        #expect(await self.client.logIn(username: "alice", password: "hunter2") == .wrongPassword)
        // `login` requires the right password, so `login-refused` answered
        // the 401; and the app asked once (no retry of a refused password).
        #expect(try await self.board.requests("login-refused").map(\.status) == [401])
        try await self.board.verify(.post("/login"), count: 1, where: { $0.json["username"] == "alice" })
    }

    @Test func withoutNetworkTheUserIsOffline() async throws {
        // A mode applies to the endpoint a request matches, here the right
        // password's; a scenario `"*": { mode: offline }` takes the whole
        // API offline.
        try await self.board.set("login", .offline)  // URLError(.notConnectedToInternet)
        #expect(await self.client.logIn(username: "alice", password: "s3cret") == .offline)
    }

    @Test func anotherURLErrorIsNotOffline() async throws {
        try await self.board.set("login", .urlError(.timedOut))
        #expect(await self.client.logIn(username: "alice", password: "s3cret") == .network)
    }

    @Test func aServerErrorIsReported() async throws {
        try await self.board.set("login", .serverError)  // the manifest's default 500
        #expect(await self.client.logIn(username: "alice", password: "s3cret") == .serverError(status: 500))
    }
}
