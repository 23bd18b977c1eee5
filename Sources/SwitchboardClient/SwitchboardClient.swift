public import Foundation
public import SwitchboardControl

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Controls a Switchboard running in another process — `switchboard serve`
/// in CI, the server a UI-tested app talks to — through its control API,
/// with URLSession alone: the same operations as `Switchboard` in process,
/// in the control contract's types.
///
/// ```swift
/// let board = SwitchboardClient(url: URL(string: "http://127.0.0.1:8080")!)
/// try await board.set("login", .error)
/// app.buttons["Sign in"].tap()
/// #expect(try await board.requests("login").count == 1)
/// ```
public struct SwitchboardClient: Sendable {
    /// The server's address, as `switchboard serve` prints it.
    public let url: URL
    /// The `--control-token` the server was started with, if any; sent as
    /// `Authorization: Bearer`.
    public let token: String?
    private let session: URLSession

    /// A client for the server at `url`. One session serves all its calls.
    public init(url: URL, token: String? = nil, session: URLSession = URLSession(configuration: .ephemeral)) {
        self.url = url
        self.token = token
        self.session = session
    }

    /// Sets the mode of endpoint `endpoint` (its manifest id) and, when
    /// given, its latency; returns the endpoint as it is now set.
    @discardableResult
    public func set(_ endpoint: String, _ mode: Mode, latency: LatencyChoice? = nil) async throws -> EndpointStatus {
        try await self.send(
            "PUT", ["endpoints", endpoint], body: SettingsChange(mode: mode.name, latency: latency.map(Self.wire)))
    }

    /// Sets only the latency of `endpoint`: `.profile("3g")`, `.noLatency`.
    @discardableResult
    public func set(_ endpoint: String, latency: LatencyChoice) async throws -> EndpointStatus {
        try await self.send("PUT", ["endpoints", endpoint], body: SettingsChange(latency: Self.wire(latency)))
    }

    /// Sets only the rate limit of `endpoint`: `.perSecond(5)`,
    /// `.perMinute(60)`, `.noLimit`.
    @discardableResult
    public func set(_ endpoint: String, rateLimit: RateLimitChoice) async throws -> EndpointStatus {
        let wire = rateLimit.limit.map { SettingsChange.Limit.limit($0.description) } ?? .remove
        return try await self.send("PUT", ["endpoints", endpoint], body: SettingsChange(rateLimit: wire))
    }

    /// Sets only the connection toxics of `endpoint`: `.slicer`,
    /// `.limitData(1024)`, `.slicer.with(.slowClose())`, `.none`.
    @discardableResult
    public func set(_ endpoint: String, toxics: Toxics) async throws -> EndpointStatus {
        try await self.send("PUT", ["endpoints", endpoint], body: SettingsChange(toxics: toxics.description))
    }

    /// Applies one of the manifest's scenarios.
    @discardableResult
    public func apply(scenario name: String) async throws -> PanelStatus {
        try await self.send("POST", ["scenarios", name])
    }

    /// Returns `endpoint` (or, with `nil`, every endpoint) to its starting
    /// mode and latency.
    public func reset(_ endpoint: String? = nil) async throws {
        if let endpoint {
            let _: EndpointStatus = try await self.send("POST", ["endpoints", endpoint, "reset"])
        } else {
            let _: PanelStatus = try await self.send("POST", ["reset"])
        }
    }

    /// Every endpoint, how it is set and how often it was hit.
    public func status() async throws -> PanelStatus {
        try await self.send("GET", ["endpoints"])
    }

    /// The requests `endpoint` answered, oldest first, with their headers
    /// and bodies while the server keeps them (`header(_:)`, `bodyText`,
    /// `decodeBody(as:)`; credentials read `REDACTED`). Throws when no
    /// endpoint has that id.
    public func requests(_ endpoint: String) async throws -> [RequestRecord] {
        try await self.checkEndpoint(endpoint)
        return try await self.send(
            "GET", ["requests"], query: Self.detailed + [URLQueryItem(name: "endpoint", value: endpoint)])
    }

    /// Every request received, oldest first, with headers and bodies.
    public func requests() async throws -> [RequestRecord] {
        try await self.send("GET", ["requests"], query: Self.detailed)
    }

    /// The requests no endpoint answered, with headers and bodies.
    public func unmatchedRequests() async throws -> [RequestRecord] {
        try await self.send(
            "GET", ["requests"], query: Self.detailed + [URLQueryItem(name: "unmatched", value: "true")])
    }

    /// The list route filters by id but does not check it; asking for the
    /// endpoint first makes a typo an error rather than an empty list.
    func checkEndpoint(_ endpoint: String) async throws {
        let _: EndpointStatus = try await self.send("GET", ["endpoints", endpoint])
    }

    static let detailed = [URLQueryItem(name: "details", value: "true")]

    /// Forgets the requests received so far; returns how many.
    @discardableResult
    public func clearRequests() async throws -> Int {
        let cleared: JournalCleared = try await self.send("DELETE", ["requests"])
        return cleared.cleared
    }

    private static func wire(_ latency: LatencyChoice) -> SettingsChange.Latency {
        latency.profileName.map(SettingsChange.Latency.profile) ?? .remove
    }

    /// One control call, decoded, or a `SwitchboardClientError` saying why not.
    func send<Answer: Decodable>(
        _ method: String, _ path: [String], query: [URLQueryItem] = [], body: SettingsChange? = nil,
        waiting: Duration = .zero
    ) async throws -> Answer {
        var components = URLComponents(url: self.url, resolvingAgainstBaseURL: false) ?? URLComponents()
        let segments = [String(ControlRoute.prefix.dropFirst())] + path
        components.percentEncodedPath =
            "/"
            + segments.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }
            .joined(separator: "/")
        components.queryItems = query.isEmpty ? nil : query
        guard let url = components.url else { throw SwitchboardClientError(message: "bad address \(self.url)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        // A long poll is answered once it has waited its time.
        request.timeoutInterval = 10 + Double(waiting.components.seconds)
        if let token = self.token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = try ControlCoding.encoder().encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await self.session.data(for: request)
        } catch let error as URLError {
            throw SwitchboardClientError(
                message: "no answer from \(self.url): \(error.localizedDescription) (URLError \(error.code.rawValue))")
        }
        guard let response = response as? HTTPURLResponse else {
            throw SwitchboardClientError(message: "no HTTP answer from \(self.url)")
        }
        let decoder = ControlCoding.decoder()
        guard (200..<300).contains(response.statusCode) else {
            let problem = try? decoder.decode(ControlProblem.self, from: data)
            throw SwitchboardClientError(
                message: problem?.message ?? "HTTP \(response.statusCode) from \(url)", status: response.statusCode,
                valid: problem?.valid)
        }
        do {
            return try decoder.decode(Answer.self, from: data)
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

    /// An error saying `message`, with what the server answered, if it did.
    public init(message: String, status: Int? = nil, valid: [String]? = nil) {
        self.message = message
        self.status = status
        self.valid = valid
    }

    /// The server's sentence, as it is.
    public var description: String { self.message }
}
