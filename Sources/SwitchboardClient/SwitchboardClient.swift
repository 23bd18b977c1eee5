public import Foundation
public import SwitchboardControl
// `verify`, `waitForRequest` and the rest are defined on `SwitchboardControlling`
// there; exported so that a test importing this library alone sees them.
@_exported import SwitchboardTestFailure

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Controls a Switchboard running in another process — `switchboard serve`
/// in CI, the server a UI-tested app talks to — through its control API,
/// with URLSession alone: the same operations as `Switchboard` in process
/// (both are `SwitchboardControlling`), in the control contract's types.
///
/// ```swift
/// let board = SwitchboardClient(url: URL(string: "http://127.0.0.1:8080")!)
/// try await board.set("login", .error)
/// app.buttons["Sign in"].tap()
/// #expect(try await board.requests("login").count == 1)
/// ```
public struct SwitchboardClient: SwitchboardControlling {
    /// The server's address, as `switchboard serve` prints it.
    public let url: URL
    /// The `--control-token` the server was started with, if any; sent as
    /// `Authorization: Bearer`.
    public let token: String?
    /// Sent as `?by=` with every change, for the marker the server logs:
    /// the `switchboard` CLI sends `cli`.
    public var changedBy: String?
    private let session: URLSession

    /// `url`, as `SwitchboardControlling` names the server.
    public var baseURL: URL { self.url }

    /// A client for the server at `url`. One session serves all its calls.
    public init(url: URL, token: String? = nil, session: URLSession = URLSession(configuration: .ephemeral)) {
        self.url = url
        self.token = token
        self.session = session
    }

    /// One control call, decoded, or a `SwitchboardError` saying why not.
    public func perform<Answer>(_ call: ControlCall<Answer>) async throws -> Answer {
        var components = URLComponents(url: self.url, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.percentEncodedPath = call.path
        var query = call.query
        if let changedBy = self.changedBy, call.route.declaration.query.contains(.by) {
            query.append(URLQueryItem(name: "by", value: changedBy))
        }
        components.queryItems = query.isEmpty ? nil : query
        guard let url = components.url else { throw SwitchboardError(message: "bad address \(self.url)") }
        var request = URLRequest(url: url)
        request.httpMethod = call.method.rawValue
        // A long poll is answered once it has waited its time.
        request.timeoutInterval = 10 + Double(call.waiting.components.seconds)
        if let token = self.token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body = call.body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await self.session.data(for: request)
        } catch let error as URLError {
            throw SwitchboardError(
                message: "no answer from \(self.url): \(error.localizedDescription) (URLError \(error.code.rawValue))",
                urlError: error.code)
        }
        guard let response = response as? HTTPURLResponse else {
            throw SwitchboardError(message: "no HTTP answer from \(self.url)")
        }
        guard (200..<300).contains(response.statusCode) else {
            let problem = try? ControlCoding.decoder().decode(ControlProblem.self, from: data)
            throw SwitchboardError(
                message: problem?.message ?? "HTTP \(response.statusCode) from \(url)", status: response.statusCode,
                valid: problem?.valid, code: problem?.error)
        }
        do {
            return try call.decode(data)
        } catch {
            throw SwitchboardError(message: "\(self.url) answered with something that is not Switchboard's JSON")
        }
    }
}

/// Why a control call failed: the server's refusal, or no answer. The
/// same type an in-process `Switchboard` (SwitchboardKit) throws.
public typealias SwitchboardError = SwitchboardControl.SwitchboardError

/// The name `SwitchboardError` had when only this library threw it.
@available(*, deprecated, renamed: "SwitchboardError")
public typealias SwitchboardClientError = SwitchboardError
