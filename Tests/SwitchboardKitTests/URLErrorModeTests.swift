import Foundation
import SwitchboardKit
import SwitchboardKitTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The errors an iOS app branches on, which no socket can produce
/// (`offline`, `url_error:cannotFindHost`, …), fail an in-process task
/// with that code; over a socket the same mode is its nearest network
/// fault, and both journal it under the mode's name.
@Suite struct URLErrorModeTests {
    static let endpoints: @Sendable () -> [Endpoint] = {
        [Endpoint.post("/login", id: "login").json(#"{"token":"t"}"#)]
    }

    /// Mode, the code in process, the code over a socket (as `FaultParityTests`
    /// measured its nearest fault).
    static let cases: [(Mode, URLError.Code, URLError.Code)] = [
        (.offline, .notConnectedToInternet, .networkConnectionLost),
        (.urlError(.cannotFindHost), .cannotFindHost, .networkConnectionLost),
        (.urlError(.secureConnectionFailed), .secureConnectionFailed, .unsupportedURL),
        (.urlError(.badServerResponse), .badServerResponse, .badServerResponse),
        (.urlError(.timedOut), .timedOut, .timedOut),
        (.urlError(.dataNotAllowed), .dataNotAllowed, .networkConnectionLost),
    ]

    @Test(arguments: Self.cases)
    func aURLErrorModeFailsInProcessWithItsCodeAndOverASocketAsItsNearestFault(
        mode: Mode, inProcessCode: URLError.Code, socketCode: URLError.Code
    ) async throws {
        let server = try await Switchboard.start(endpoints: Self.endpoints)
        let inProcess = try Switchboard.inProcess(endpoints: Self.endpoints)
        try await stopping(server, inProcess) { () async throws in
            try await server.set("login", mode)
            try await inProcess.set("login", mode)
            async let overSocket = Self.failure(URLSession(configuration: .ephemeral), server.baseURL)
            async let withoutPort = Self.failure(inProcess.urlSession(), inProcess.baseURL)
            let (socket, protocolCode) = await (overSocket, withoutPort)
            #expect(protocolCode == inProcessCode)
            #expect(socket == socketCode)
            await server.awaitRequests(to: "login", count: 1)
            let socketModes = try await server.requests("login").map { $0.mode?.name }
            let inProcessModes = try await inProcess.requests("login").map { $0.mode?.name }
            #expect(socketModes == [mode.name])
            #expect(inProcessModes == socketModes)
        }
    }

    @Test func preferNamesACodeByNameOrNumber() async throws {
        let board = try Switchboard.inProcess(endpoints: Self.endpoints)
        try await stopping(board) { () async throws in
            var request = URLRequest(url: board.baseURL.appendingPathComponent("login"))
            request.httpMethod = "POST"
            request.setValue("mode=offline", forHTTPHeaderField: "Prefer")
            #expect(await Self.failure(board.urlSession(), request) == .notConnectedToInternet)
            request.setValue("mode=URL_ERROR:cannotFindHost", forHTTPHeaderField: "Prefer")
            #expect(await Self.failure(board.urlSession(), request) == .cannotFindHost)
            request.setValue("mode=url_error:-1202", forHTTPHeaderField: "Prefer")
            #expect(await Self.failure(board.urlSession(), request) == .serverCertificateUntrusted)
            request.setValue("mode=url_error:cancelled", forHTTPHeaderField: "Prefer")
            #expect(await Self.failure(board.urlSession(), request) == .cancelled)
            request.setValue(nil, forHTTPHeaderField: "Prefer")
            #expect(await Self.failure(board.urlSession(), request) == nil)
        }
    }

    @Test func everyNamedCodeIsFoundationsCodeOfThatName() {
        let foundation: [String: URLError.Code] = [
            "cancelled": .cancelled, "badURL": .badURL, "timedOut": .timedOut, "unsupportedURL": .unsupportedURL,
            "cannotFindHost": .cannotFindHost, "cannotConnectToHost": .cannotConnectToHost,
            "networkConnectionLost": .networkConnectionLost, "dnsLookupFailed": .dnsLookupFailed,
            "httpTooManyRedirects": .httpTooManyRedirects, "resourceUnavailable": .resourceUnavailable,
            "notConnectedToInternet": .notConnectedToInternet,
            "redirectToNonExistentLocation": .redirectToNonExistentLocation,
            "badServerResponse": .badServerResponse, "userCancelledAuthentication": .userCancelledAuthentication,
            "userAuthenticationRequired": .userAuthenticationRequired, "zeroByteResource": .zeroByteResource,
            "cannotDecodeRawData": .cannotDecodeRawData, "cannotDecodeContentData": .cannotDecodeContentData,
            "cannotParseResponse": .cannotParseResponse, "internationalRoamingOff": .internationalRoamingOff,
            "callIsActive": .callIsActive, "dataNotAllowed": .dataNotAllowed,
            "requestBodyStreamExhausted": .requestBodyStreamExhausted,
            "appTransportSecurityRequiresSecureConnection": .appTransportSecurityRequiresSecureConnection,
            "secureConnectionFailed": .secureConnectionFailed,
            "serverCertificateHasBadDate": .serverCertificateHasBadDate,
            "serverCertificateUntrusted": .serverCertificateUntrusted,
            "serverCertificateHasUnknownRoot": .serverCertificateHasUnknownRoot,
            "serverCertificateNotYetValid": .serverCertificateNotYetValid,
            "clientCertificateRejected": .clientCertificateRejected,
            "clientCertificateRequired": .clientCertificateRequired, "cannotLoadFromNetwork": .cannotLoadFromNetwork,
        ]
        #expect(Set(URLErrorCode.names) == Set(foundation.keys))
        for (name, code) in foundation {
            let fault = Fault(name: "url_error:\(name)")
            #expect(fault == .urlError(code), "\(name)")
            #expect(fault?.name == (name == "notConnectedToInternet" ? "offline" : "url_error:\(name)"))
        }
        #expect(Fault(name: "url_error:nope") == nil)
        #expect(Mode(name: "OFFLINE") == .offline)
    }

    static func failure(_ session: URLSession, _ base: URL) async -> URLError.Code? {
        var request = URLRequest(url: base.appendingPathComponent("login"))
        request.httpMethod = "POST"
        return await Self.failure(session, request)
    }

    /// The code `request` fails with, as `FaultParityTests` reads it.
    static func failure(_ session: URLSession, _ request: URLRequest) async -> URLError.Code? {
        await FaultParityTests.failure(session, request)
    }
}
