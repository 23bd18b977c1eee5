import Foundation
import SwitchboardClient
import SwitchboardTestSupport
import Testing

/// `SwitchboardClient` the way a UI test uses it: against a `switchboard
/// serve` in another process, started with `--control-token`, while the
/// "app" (a URLSession of its own) talks to the same server.
@Suite struct ClientAgainstServeTests {
    static let token = "client-test-token-0123456789"

    @Test func theClientDrivesAndReadsAServeProcess() async throws {
        let serve = try await ServeProcess.start(
            arguments: [RepositoryPaths.fixtures.path, "--port", "0", "--no-keep-alive", "--control-token", Self.token])
        try await serve.serving { serve in
            serve.discardOutput()
            let url = URL(string: "http://127.0.0.1:\(serve.port)")!
            let board = SwitchboardClient(url: url, token: Self.token)
            let app = HTTPClient.session()
            func signIn() async throws -> HTTPResult {
                try await HTTPClient.send(
                    url.appending(path: "login"), method: "POST",
                    headers: ["Content-Type": "application/json", "Authorization": "Bearer app-user-secret"],
                    body: Data(#"{"email":"a@example.com","password":"s3cret"}"#.utf8), session: app)
            }

            try await board.set("login", .error)
            #expect(try await signIn().status == 401, "the app sees the mode the test set")

            let logins = try await board.requests("login")
            #expect(logins.count == 1)
            let login = try #require(logins.first)
            #expect(login.status == 401)
            #expect(login.header("content-type") == "application/json")
            #expect(login.header("Authorization") == "REDACTED", "credentials do not leave the server")
            struct Credentials: Decodable { var email: String }
            #expect(try login.decodeBody(as: Credentials.self).email == "a@example.com")
            #expect(await board.verifyNoUnmatchedRequests())

            // Awaited from before the app sends it, and answered when it does.
            let seen = try #require(login.sequence)
            async let waited = board.waitForRequest(to: "login", after: seen, timeout: .seconds(30))
            try await board.reset("login")
            #expect(try await signIn().status == 200)
            let next = try #require(await waited)
            #expect(next.sequence == seen + 1 && next.status == 200)

            let stranger = SwitchboardClient(url: url, token: "not-the-token-at-all")
            let refused = await #expect(throws: SwitchboardError.self) { try await stranger.status() }
            #expect(refused?.status == 401)
            #expect(refused?.message.contains("--control-token") == true)
        }
    }
}
