import Foundation
import SwitchboardClient
import SwitchboardKit
import Testing

/// One protocol, two ways in: the same code drives an in-process
/// `Switchboard` (the server's dispatch, no socket) and a
/// `SwitchboardClient` (HTTP), and reads the same answers.
@Suite struct ControllingTests {
    /// Every route, as a script written against the protocol would call them.
    static func drive(_ board: some SwitchboardControlling, then send: () async -> Void) async throws -> [String] {
        var seen: [String] = []
        try await board.reset()
        _ = try await board.clearRequests()
        seen.append(try await board.change("login", SettingChange(mode: .error)).mode)
        seen.append(try await board.endpoint("login").mode)
        seen.append(try await board.status().endpoints.map(\.id).joined(separator: ","))
        seen.append(try await board.scenarios().scenarios.map(\.name).joined(separator: ","))
        seen.append(try await board.apply(scenario: "outage").scenario ?? "none")
        seen.append(String(try await board.routes().routes.count))
        let described = try await board.openAPI().document
        seen.append("\(described["openapi"]?.text ?? "none") \(described["paths"]?["/__switchboard/har"] != nil)")
        await send()
        let logins = try await board.requests(RequestFilter(endpoint: "login"))
        seen.append(logins.map { "\($0.status ?? 0)" }.joined(separator: ","))
        let sequence = try #require(logins.first?.sequence)
        seen.append(try await board.request(sequence).path)
        let har = try JSONSerialization.jsonObject(with: try await board.har()) as? [String: Any]
        seen.append(har?["log"] == nil ? "no HAR" : "HAR")
        seen.append(String(try await board.clearRequests()))
        try await board.reset("login")
        try await board.reset()
        seen.append(try await board.endpoint("login").mode)
        return seen
    }

    @Test(.switchboard("Fixtures"))
    func theSameCodeDrivesTheInstanceInProcessAndOverHTTP() async throws {
        let board = Switchboard.current
        let login = { _ = await AuthClient(baseURL: board.baseURL).login(email: "a", password: "b") }
        let inProcess = try await Self.drive(board, then: login)
        let overHTTP = try await Self.drive(SwitchboardClient(url: board.baseURL), then: login)
        #expect(inProcess == overHTTP)
        #expect(inProcess.first == "error")
        #expect(inProcess.contains("HAR"))
        #expect(inProcess.contains("3.1.0 true"))
    }

    @Test(.switchboard("Fixtures"))
    func aRefusalCarriesTheSameCodeEitherWay() async throws {
        let board = Switchboard.current
        let inProcess = await #expect(throws: SwitchboardError.self) { try await board.endpoint("logn") }
        #expect(inProcess?.problem == .unknownEndpoint)
        #expect(inProcess?.valid == ["login", "profile"])
        let overHTTP = await #expect(throws: SwitchboardError.self) {
            try await SwitchboardClient(url: board.baseURL).endpoint("logn")
        }
        #expect(overHTTP == inProcess)
    }

    /// One type for a request either way, read from one writer: what the
    /// instance returns in process is what the control API answers, byte
    /// for byte once neither redacts.
    @Test(.switchboard("Fixtures"))
    func inProcessAndOverHTTPARequestIsTheSameRecord() async throws {
        let board = Switchboard.current
        _ = await AuthClient(baseURL: board.baseURL).login(email: "a@b.c", password: "x")
        _ = await AuthClient(baseURL: board.baseURL).get("/nope")
        let inProcess: [ReceivedRequest] = try await board.requests(redact: false)
        let overHTTP = try await SwitchboardClient(url: board.baseURL).requests(RequestFilter(redact: false))
        #expect(inProcess == overHTTP)
        #expect(inProcess.map(\.mode) == [.success, nil])
        let stray = try #require(inProcess.last)
        #expect(stray.isUnexpected && stray.unmatchedReason != nil)
        #expect(stray.description.contains("(unmatched: \(stray.unmatchedReason ?? "")"))
    }
}
