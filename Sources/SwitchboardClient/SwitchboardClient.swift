public import Foundation
public import SwitchboardControl

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

    /// A client for the server at `url`. One session serves all its calls.
    public init(url: URL, token: String? = nil, session: URLSession = URLSession(configuration: .ephemeral)) {
        self.url = url
        self.token = token
        self.session = session
    }

    /// One control call, decoded, or a `SwitchboardClientError` saying why not.
    public func perform<Answer>(_ call: ControlCall<Answer>) async throws -> Answer {
        var components = URLComponents(url: self.url, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.percentEncodedPath = call.path
        var query = call.query
        if let changedBy = self.changedBy, call.route.declaration.query.contains(.by) {
            query.append(URLQueryItem(name: "by", value: changedBy))
        }
        components.queryItems = query.isEmpty ? nil : query
        guard let url = components.url else { throw SwitchboardClientError(message: "bad address \(self.url)") }
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
            throw SwitchboardClientError(
                message: "no answer from \(self.url): \(error.localizedDescription) (URLError \(error.code.rawValue))",
                urlError: error.code)
        }
        guard let response = response as? HTTPURLResponse else {
            throw SwitchboardClientError(message: "no HTTP answer from \(self.url)")
        }
        guard (200..<300).contains(response.statusCode) else {
            let problem = try? ControlCoding.decoder().decode(ControlProblem.self, from: data)
            throw SwitchboardClientError(
                message: problem?.message ?? "HTTP \(response.statusCode) from \(url)", status: response.statusCode,
                valid: problem?.valid, code: problem?.error)
        }
        do {
            return try call.decode(data)
        } catch {
            throw SwitchboardClientError(message: "\(self.url) answered with something that is not Switchboard's JSON")
        }
    }
}

/// A control call the server refused, or an answer that was not the
/// control API's.
public struct SwitchboardClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server's sentence (`no endpoint 'logn' — did you mean 'login'?`).
    public var message: String
    /// The HTTP status, when the server answered.
    public var status: Int?
    /// The names that would have worked, when a name was wrong.
    public var valid: [String]?
    /// The server's code for the refusal (`unknown_endpoint`; see
    /// `ProblemCode`), when it gave one.
    public var code: String?
    /// Why no answer came, when none did.
    public var urlError: URLError.Code?

    /// An error saying `message`, with what the server answered, if it did.
    public init(
        message: String, status: Int? = nil, valid: [String]? = nil, code: String? = nil,
        urlError: URLError.Code? = nil
    ) {
        self.message = message
        self.status = status
        self.valid = valid
        self.code = code
        self.urlError = urlError
    }

    /// The server's sentence, as it is.
    public var description: String { self.message }
}
