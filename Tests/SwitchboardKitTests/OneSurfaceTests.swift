import Foundation
import SwitchboardClient
import SwitchboardKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One client surface (issue 38): the same call on an in-process
/// `Switchboard`, on it as `SwitchboardControlling` and on a
/// `SwitchboardClient` reads the same requests, refuses with the same error
/// and fails a test with the same sentence.
@Suite struct OneSurfaceTests {
    /// A signed-in request, its credential in a header.
    static func sendSignedIn(to board: Switchboard) async throws {
        var request = URLRequest(url: board.baseURL.appendingPathComponent("profile/ada"))
        request.setValue("Bearer s3cret", forHTTPHeaderField: "Authorization")
        _ = try await URLSession(configuration: .ephemeral).data(for: request)
    }

    @Test(.switchboard("Fixtures"))
    func credentialsReadRedactedInProcessAsOverHTTP() async throws {
        let board = Switchboard.current
        try await Self.sendSignedIn(to: board)
        let inProcess = try await board.requests("profile")
        let overHTTP = try await SwitchboardClient(url: board.baseURL).requests("profile")
        #expect(inProcess.map { $0.header("Authorization") } == ["REDACTED"])
        #expect(inProcess == overHTTP)
    }

    @Test(.switchboard("Fixtures"))
    func aRefusedCallThrowsOneErrorTypeWhicheverWayItIsCalled() async throws {
        let board = Switchboard.current
        let controlling: any SwitchboardControlling = board
        let client = SwitchboardClient(url: board.baseURL)
        let calls: [() async throws -> Void] = [
            { try await board.reset("logn") }, { try await controlling.reset("logn") },
            { try await client.reset("logn") }, { _ = try await board.requests("logn") },
            { _ = try await client.requests("logn") }, { _ = try await board.apply(scenario: "outtage") },
            { _ = try await controlling.apply(scenario: "outtage") },
        ]
        var thrown: [String] = []
        for call in calls {
            do {
                try await call()
                thrown.append("nothing")
            } catch {
                thrown.append(String(describing: type(of: error)))
            }
        }
        #expect(thrown == Array(repeating: "SwitchboardError", count: calls.count))
    }
}
