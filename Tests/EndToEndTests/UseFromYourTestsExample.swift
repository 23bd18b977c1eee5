import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The control API driven by a hand-written client, as the README's "Use it
// from your tests" showed before `SwitchboardClient` (whose own tests are in
// SwitchboardKitTests); kept because it checks the raw HTTP calls a client
// in any language makes. In an app's own tests, `Switchboard.base` would
// come from the environment and point at `switchboard serve --no-keep-alive`
// started by CI.

/// Flips endpoints of a running Switchboard through its control API.
enum Switchboard {
    nonisolated(unsafe) static var base = URL(string: "http://127.0.0.1:8080")!
    /// Ephemeral: no cache or cookies shared with the app.
    static let session = URLSession(configuration: .ephemeral)

    static func set(_ endpoint: String, mode: String, latency: String? = nil) async throws {
        var request = URLRequest(url: base.appendingPathComponent("__switchboard/endpoints/\(endpoint)"))
        request.httpMethod = "PUT"
        var change = ["mode": mode]
        if let latency { change["latency"] = latency }
        request.httpBody = try JSONSerialization.data(withJSONObject: change)
        let (_, response) = try await self.session.data(for: request)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200, "could not set \(endpoint) to \(mode)")
    }

    static func reset() async throws {
        var request = URLRequest(url: base.appendingPathComponent("__switchboard/reset"))
        request.httpMethod = "POST"
        _ = try await self.session.data(for: request)
    }
}

/// Stands in for the app's own networking code.
struct AuthClient {
    enum LoginError: Error, Equatable {
        case invalidCredentials
        case serverUnavailable
        case network
    }

    let baseURL: URL

    func login(email: String, password: String) async -> Result<String, LoginError> {
        var request = URLRequest(url: self.baseURL.appendingPathComponent("login"))
        request.httpMethod = "POST"
        request.httpBody = try? JSONSerialization.data(withJSONObject: ["email": email, "password": password])
        do {
            let (data, response) = try await URLSession.shared.data(for: request)
            switch (response as? HTTPURLResponse)?.statusCode ?? 0 {
            case 200:
                let body = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
                return .success(body?["token"] as? String ?? "")
            case 401: return .failure(.invalidCredentials)
            default: return .failure(.serverUnavailable)
            }
        } catch {
            return .failure(.network)
        }
    }
}

final class LoginFlowTests: XCTestCase {
    private var server: RunningServer!

    override func setUp() async throws {
        // As `switchboard serve --no-keep-alive` would.
        self.server = try RunningServer(
            panel: ControlPanel(manifest: ManifestLoader.load(directory: RepositoryPaths.fixtures.path)),
            keepAlive: false)
        Switchboard.base = URL(string: "http://127.0.0.1:\(self.server.port)")!
    }

    override func tearDown() async throws {
        try await Switchboard.reset()
        await self.server.stop()
    }

    func testAWrongPasswordIsReportedAsSuch() async throws {
        try await Switchboard.set("login", mode: "error")  // the manifest's 401
        let result = await AuthClient(baseURL: Switchboard.base).login(email: "ana@example.com", password: "nope")
        XCTAssertEqual(result, .failure(.invalidCredentials))
    }

    func testAnOutageIsNotMistakenForBadCredentials() async throws {
        try await Switchboard.set("login", mode: "server_error")
        let result = await AuthClient(baseURL: Switchboard.base).login(email: "ana@example.com", password: "s3cret")
        XCTAssertEqual(result, .failure(.serverUnavailable))
    }

    func testADroppedConnectionIsANetworkError() async throws {
        let client = AuthClient(baseURL: Switchboard.base)
        _ = await client.login(email: "ana@example.com", password: "s3cret")  // signed in once already
        try await Switchboard.set("login", mode: "reset")  // TCP RST after the request
        let started = Date()
        let result = await client.login(email: "ana@example.com", password: "s3cret")
        XCTAssertEqual(result, .failure(.network))  // at once, given --no-keep-alive
        // Not in the docs: with keep-alive, Linux's URLSession would report
        // this after URLSession.shared's whole 60 s timeout.
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }

    func testTheHappyPathStillWorksAfterAReset() async throws {
        try await Switchboard.set("login", mode: "server_error")
        try await Switchboard.reset()
        let result = await AuthClient(baseURL: Switchboard.base).login(email: "ana@example.com", password: "s3cret")
        XCTAssertFalse(try result.get().isEmpty, "a signed-in user gets a token")
    }
}
