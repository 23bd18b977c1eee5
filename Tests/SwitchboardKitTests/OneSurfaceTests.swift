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
        // The clear text, asked for by name, either way.
        let clear = try await board.requests("profile", redact: false)
        #expect(clear.map { $0.header("Authorization") } == ["Bearer s3cret"])
        #expect(try await SwitchboardClient(url: board.baseURL).requests("profile", redact: false) == clear)
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

    /// The sentence a failed wait or count says names the server, in
    /// process as across processes: one definition over `requests(_:)`.
    @Test(.switchboard("Fixtures"))
    func aFailedWaitOrCountSaysOneSentenceEitherWay() async throws {
        let board = Switchboard.current
        let client = SwitchboardClient(url: board.baseURL)
        let address = board.baseURL.absoluteString
        let expected = [
            "Switchboard at \(address): waited 0.05 seconds for a request to 'login' and got 0.",
            "Switchboard at \(address): expected exactly 2 requests to 'profile', got 0.",
        ]
        try await withKnownIssue {
            _ = await board.waitForRequest(to: "login", timeout: .milliseconds(50))
            _ = await client.waitForRequest(to: "login", timeout: .milliseconds(50))
            _ = try await board.verify("profile", count: 2)
            _ = try await client.verify("profile", count: 2)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return expected.contains { text.hasPrefix($0) }
        }
    }

    /// An id no endpoint has fails the waiting test at its line, across
    /// processes as in process, rather than throwing on one side only.
    @Test(.switchboard("Fixtures"))
    func waitingForAnUnknownEndpointFailsTheTestEitherWay() async throws {
        let board = Switchboard.current
        let client = SwitchboardClient(url: board.baseURL)
        await withKnownIssue {
            _ = await board.waitForRequest(to: "logn")
            _ = await client.waitForRequest(to: "logn")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("no endpoint 'logn' — did you mean 'login'?")
        }
    }
}
