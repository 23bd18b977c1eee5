import Foundation
import SwitchboardKit
import SwitchboardKitTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Each network fault fails a `URLSession` task with the same `URLError`
/// code whether the server answers over a socket or `SwitchboardURLProtocol`
/// answers in-process, and that code is the one measured on this platform.
@Suite struct FaultParityTests {
    /// Measured with `URLSession` against `switchboard serve` on Linux
    /// (swift-corelibs-foundation, libcurl).
    static let measured: [(Mode, URLError.Code)] = [
        (.reset, .networkConnectionLost),
        (.empty, .badServerResponse),
        (.garbage, .unsupportedURL),
        (.truncated, .unknown),
        (.hang, .timedOut),
    ]

    static let endpoints: @Sendable () -> [Endpoint] = {
        [Endpoint.get("/coins", id: "coins").json(#"{"coins":["BTC","ETH","LTC","DOGE","XRP","ADA"]}"#)]
    }

    @Test(arguments: Self.measured)
    func aFaultGivesTheSameErrorInProcessAsOverTheSocket(mode: Mode, code: URLError.Code) async throws {
        let server = try await Switchboard.start(endpoints: Self.endpoints)
        let inProcess = try Switchboard.inProcess(endpoints: Self.endpoints)
        try await stopping(server, inProcess) { () async throws in
            try await server.set("coins", mode)
            try await inProcess.set("coins", mode)
            async let overSocket = Self.failure(URLSession(configuration: .ephemeral), server.baseURL)
            async let withoutPort = Self.failure(inProcess.urlSession(), inProcess.baseURL)
            let (socket, protocolCode) = await (overSocket, withoutPort)
            #expect(socket == code)
            #expect(protocolCode == code)
            // Journaled alike: the same endpoint, mode and status (or none). The
            // server journals a hang when the client's close reaches it, a moment
            // after the client gave up: wait for it.
            await server.awaitRequests(to: "coins", count: 1)
            let socketEntries = try await server.requests("coins").map(Self.journaled)
            let inProcessEntries = try await inProcess.requests("coins").map(Self.journaled)
            #expect(socketEntries == [Self.journaled(mode: mode)])
            #expect(inProcessEntries == socketEntries)
        }
    }

    /// `reset: no status line`, `truncated: 200`: what the journal says.
    static func journaled(_ request: ReceivedRequest) -> String {
        "\(request.mode?.name ?? "none"): \(request.status.map(String.init) ?? "no status line")"
    }

    static func journaled(mode: Mode) -> String {
        "\(mode.name): \(mode == .truncated ? "200" : "no status line")"
    }

    /// The code a GET to /coins fails with; `nil` when it does not fail.
    static func failure(_ session: URLSession, _ base: URL) async -> URLError.Code? {
        await Self.failure(session, URLRequest(url: base.appendingPathComponent("coins")))
    }

    /// The code `request` fails with; `nil` when it does not fail.
    static func failure(_ session: URLSession, _ request: URLRequest) async -> URLError.Code? {
        var request = request
        // Short, for `hang`: both wait out the request's own timeout.
        request.timeoutInterval = 1
        do {
            _ = try await session.data(for: request)
            return nil
        } catch let error as URLError {
            return error.code
        } catch {
            return nil
        }
    }
}

extension FaultParityTests {
    /// `limit_data` cuts the body as `truncated` does, so URLSession fails
    /// the same way over the socket and in process.
    @Test func limitDataGivesTheSameErrorInProcessAsOverTheSocket() async throws {
        let server = try await Switchboard.start(endpoints: Self.endpoints)
        let inProcess = try Switchboard.inProcess(endpoints: Self.endpoints)
        try await stopping(server, inProcess) { () async throws in
            try await server.set("coins", toxics: .limitData(10))
            try await inProcess.set("coins", toxics: .limitData(10))
            async let overSocket = Self.failure(URLSession(configuration: .ephemeral), server.baseURL)
            async let withoutPort = Self.failure(inProcess.urlSession(), inProcess.baseURL)
            let (socket, protocolCode) = await (overSocket, withoutPort)
            #expect(socket == .unknown)
            #expect(protocolCode == socket)
        }
    }
}
