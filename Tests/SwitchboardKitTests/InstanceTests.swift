import Foundation
import SwitchboardKit
import SwitchboardKitTestSupport
import Testing

@Suite struct InstanceTests {
    @Test func twoInstancesSideBySideShareNothing() async throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        async let first = Switchboard.start(fixtures: fixtures)
        async let second = Switchboard.start(fixtures: fixtures)
        let (one, two) = try await (first, second)
        try await stopping(one, two) {
            #expect(one.port != two.port)
            try await one.set("login", .error)
            async let failed = AuthClient(baseURL: one.baseURL).login(email: "a", password: "b")
            async let worked = AuthClient(baseURL: two.baseURL).login(email: "a", password: "b")
            #expect(await failed == .failure(.invalidCredentials))
            #expect(await worked == .success("abc123"))
            #expect(try await one.requests("login").map(\.status) == [401])
            #expect(try await two.requests("login").map(\.status) == [200])
        }
    }

    @Test func stopIsIdempotentAndFreesThePort() async throws {
        let board = try await Switchboard.start { Endpoint.get("/ping") }
        #expect(await AuthClient(baseURL: board.baseURL).get("/ping") == 200)
        await board.stop()
        await board.stop()
        #expect(await AuthClient(baseURL: board.baseURL).get("/ping") == nil)
    }

    @Test func badDeclarationsAreAllReported() async throws {
        let error = await #expect(throws: EndpointDeclarationError.self) {
            _ = try await Switchboard.start {
                Endpoint.get("ping")
                Endpoint.get("/a", id: "same")
                Endpoint.post("/b", id: "same").latency("4g")
            }
        }
        #expect(
            error?.problems == [
                "GET ping: path 'ping' must start with '/' — write '/ping'",
                "two endpoints have the id 'same' — give one another id: `id: \"…\"`",
                "same: no latency profile '4g' (built in: gprs, edge, 3g, 3g+, wifi, offline, lossy-3g, satellite, very-bad-network)",
            ])
    }

    @Test func aMissingFixturesFolderSaysSo() async throws {
        await #expect(throws: (any Error).self) {
            _ = try await Switchboard.start(fixtures: "/nonexistent/Fixtures")
        }
    }

    @Test func derivedIdsFollowTheManifestsRule() {
        #expect(Endpoint.get("/users/:id").id == "get-users-id")
        #expect(Endpoint.post("/login", id: "login").id == "login")
    }
}
