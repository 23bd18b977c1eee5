import Foundation
import SwitchboardKit
import Testing

/// `Switchboard.with { … }`: an instance for the length of a block, stopped
/// however the block ends (a `defer` cannot `await stop()`), and the block's
/// `Switchboard.current` meanwhile.
@Suite struct ScopedStartTests {
    struct Failed: Error {}

    @Test func theBlockGetsAServingInstanceStoppedAfterIt() async throws {
        let base = try await Switchboard.with {
            Endpoint.get("/ping", id: "ping")
        } run: { board in
            #expect(await AuthClient(baseURL: board.baseURL).get("/ping") == 200)
            #expect(Switchboard.current === board)
            return board.baseURL
        }
        #expect(await AuthClient(baseURL: base).get("/ping") == nil)
    }

    @Test func aBlockThatThrowsStopsItToo() async throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        var base: URL?
        do {
            try await Switchboard.with(fixtures: fixtures) { board in
                try await board.set("login", .error)
                base = board.baseURL
                #expect(
                    await AuthClient(baseURL: board.baseURL).login(email: "a", password: "b")
                        == .failure(.invalidCredentials))
                throw Failed()
            }
            Issue.record("the block's error did not come out of it")
        } catch is Failed {}
        let stopped = try #require(base)
        #expect(await AuthClient(baseURL: stopped).login(email: "a", password: "b") == .failure(.network))
    }
}
