import Foundation
import SwitchboardKitTestSupport
import Testing

@testable import SwitchboardKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The in-process client gives up when the session's
/// `timeoutIntervalForRequest` says so, as over a socket, not only at the
/// request's own `timeoutInterval` (60 s unless set).
@Suite struct URLProtocolTimeoutTests {
    static let url = URL(string: "http://127.0.0.1:1/x")!

    @Test func theShorterOfTheRequestsAndTheSessionsTimeoutCounts() {
        var request = URLRequest(url: Self.url)
        #expect(SwitchboardURLProtocol.timeout(request: request, session: nil) == 60)
        #expect(SwitchboardURLProtocol.timeout(request: request, session: 1) == 1)
        request.timeoutInterval = 0.5
        #expect(SwitchboardURLProtocol.timeout(request: request, session: 1) == 0.5)
        #expect(SwitchboardURLProtocol.timeout(request: request, session: 0) == 0.5)
        request.timeoutInterval = 0
        #expect(SwitchboardURLProtocol.timeout(request: request, session: 0) == 60)
    }

    @Test func theSessionsTimeoutIsFoundFromTheTask() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 1
        let session = URLSession(configuration: configuration)
        let task = session.dataTask(with: Self.url)  // never resumed: nothing is sent
        #expect(SwitchboardURLProtocol.sessionTimeout(of: task) == 1)
        #expect(SwitchboardURLProtocol.sessionTimeout(of: nil) == nil)
        session.invalidateAndCancel()
    }

    /// `gprs` answers after 500 ms; a session configured for 100 ms gives up
    /// first, though the request keeps the default 60 s. (Before, the answer
    /// came: only the request's timeout counted.)
    @Test func aSessionsTimeoutEndsADelayedAnswer() async throws {
        let board = try Switchboard.inProcess { Endpoint.get("/slow", id: "slow").latency("gprs") }
        try await stopping(board) { () async throws in
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = 0.1
            let session = URLSession(configuration: board.urlSessionConfiguration(configuration))
            let error = await #expect(throws: URLError.self) {
                _ = try await session.data(from: board.baseURL.appendingPathComponent("slow"))
            }
            #expect(error?.code == .timedOut)
            #expect(try await board.requests("slow").map(\.status) == [499])
        }
    }
}
