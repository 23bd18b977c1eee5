public import Foundation
public import SwitchboardJSON
public import SwitchboardModel

/// Drives a Switchboard: one method per route of the control API
/// (`ControlRoute`), the same for every way of reaching one. A
/// conformance only sends a call: `SwitchboardClient` over HTTP, the
/// in-process `Switchboard` (SwitchboardKit) through the same dispatch
/// without a socket. Code written against this protocol runs with either.
public protocol SwitchboardControlling: Sendable {
    /// Sends `call` and returns its answer read with `call.decode`, or
    /// throws a `SwitchboardError` for a refusal, no answer, or an answer
    /// that is not the contract's.
    func perform<Answer>(_ call: ControlCall<Answer>) async throws -> Answer

    /// Where the Switchboard answers, as a failed verification names it.
    var baseURL: URL { get }
}

extension SwitchboardControlling {
    /// `GET /__switchboard`: every route.
    public func routes() async throws -> RouteList {
        try await self.perform(ControlCall(.routes))
    }

    /// Every endpoint, how it is set and how often it was hit.
    public func status() async throws -> PanelStatus {
        try await self.perform(ControlCall(.endpoints))
    }

    /// One endpoint, by its manifest id.
    public func endpoint(_ id: String) async throws -> EndpointStatus {
        try await self.perform(ControlCall(.endpoint, [id]))
    }

    /// Changes what `change` names of `endpoint`, leaves the rest; returns
    /// the endpoint as it is now set.
    @discardableResult
    public func change(_ endpoint: String, _ change: SettingChange) async throws -> EndpointStatus {
        try await self.perform(ControlCall(.setEndpoint, [endpoint], body: change))
    }

    /// The same body as text, as before `SettingChange` typed it.
    @available(*, deprecated, message: "use change(_:_:) with a SettingChange")
    @discardableResult
    public func change(_ endpoint: String, _ change: SettingsChange) async throws -> EndpointStatus {
        try await self.perform(ControlCall(.setEndpoint, [endpoint], body: change))
    }

    /// Returns `endpoint` (or, with `nil`, every endpoint) to its starting
    /// mode and latency.
    public func reset(_ endpoint: String? = nil) async throws {
        if let endpoint {
            let _: EndpointStatus = try await self.perform(ControlCall(.resetEndpoint, [endpoint]))
        } else {
            let _: PanelStatus = try await self.perform(ControlCall(.reset))
        }
    }

    /// The manifest's scenarios and the one applied last.
    public func scenarios() async throws -> ScenarioList {
        try await self.perform(ControlCall(.scenarios))
    }

    /// Applies one of the manifest's scenarios; the panel after it, whose
    /// `drill` says whether a drill started.
    @discardableResult
    public func apply(scenario name: String) async throws -> PanelStatus {
        try await self.perform(ControlCall(.applyScenario, [name]))
    }

    /// The manifest's resources and how many items each holds.
    public func resources() async throws -> ResourceList {
        try await self.perform(ControlCall(.resources))
    }

    /// The items resource `name` holds now, oldest first.
    public func items(of name: String) async throws -> [JSONValue] {
        try await self.perform(ControlCall(.resource, [name]))
    }

    /// Replaces resource `name`'s items (each a JSON object; those without
    /// an id get the next one) and returns them.
    @discardableResult
    public func replaceItems(of name: String, with items: [JSONValue]) async throws -> [JSONValue] {
        try await self.perform(ControlCall(.replaceResource, [name], body: items))
    }

    /// Puts resource `name`'s seed back and returns its items.
    @discardableResult
    public func resetItems(of name: String) async throws -> [JSONValue] {
        try await self.perform(ControlCall(.resetResource, [name]))
    }

    /// The journal's entries that pass `filter`, oldest first.
    public func requests(_ filter: RequestFilter) async throws -> [RequestRecord] {
        try await self.perform(ControlCall(.requests, query: filter.query, waiting: filter.wait ?? .zero))
    }

    /// One request by its sequence number, with headers and bodies while
    /// they are kept.
    public func request(_ sequence: Int, redact: Bool = true) async throws -> RequestRecord {
        let query = redact ? [] : [URLQueryItem(name: "redact", value: "false")]
        return try await self.perform(ControlCall(.request, [String(sequence)], query: query))
    }

    /// Forgets the requests received so far; returns how many.
    @discardableResult
    public func clearRequests() async throws -> Int {
        let cleared: JournalCleared = try await self.perform(ControlCall(.clearRequests))
        return cleared.cleared
    }

    /// The journal as a HAR 1.2 document, as the server wrote it.
    public func har(redact: Bool = true) async throws -> Data {
        let query = redact ? [] : [URLQueryItem(name: "redact", value: "false")]
        return try await self.perform(ControlCall(.har, query: query) { $0 })
    }

    /// Writes the last live answers as fixtures (`POST …/record`).
    @discardableResult
    public func record(_ request: RecordRequest) async throws -> RecordResult {
        try await self.perform(ControlCall(.record, body: request))
    }

    /// This API described in OpenAPI 3.1 (`GET …/openapi.json`).
    public func openAPI() async throws -> ControlDescription {
        try await self.perform(ControlCall(.openAPI))
    }
}

/// The calls tests make most, on top of the routes.
extension SwitchboardControlling {
    /// Changes what `change` names of `endpoint` (its manifest id), leaves
    /// the rest: `set("feed", SettingChange(mode: .error, toxics: .slicer))`;
    /// returns the endpoint as it is now set. The overloads below are this
    /// with one key.
    @discardableResult
    public func set(_ endpoint: String, _ change: SettingChange) async throws -> EndpointStatus {
        try await self.change(endpoint, change)
    }

    /// Sets the mode of `endpoint` and, when given, its latency.
    @discardableResult
    public func set(_ endpoint: String, _ mode: Mode, latency: LatencyChoice? = nil) async throws -> EndpointStatus {
        try await self.set(endpoint, SettingChange(mode: mode, latency: latency))
    }

    /// Sets only the latency of `endpoint`: `.profile("3g")`, `.noLatency`.
    @discardableResult
    public func set(_ endpoint: String, latency: LatencyChoice) async throws -> EndpointStatus {
        try await self.set(endpoint, SettingChange(latency: latency))
    }

    /// Sets only the rate limit of `endpoint`: `.perSecond(5)`,
    /// `.perMinute(60)`, `.noLimit`.
    @discardableResult
    public func set(_ endpoint: String, rateLimit: RateLimitChoice) async throws -> EndpointStatus {
        try await self.set(endpoint, SettingChange(rateLimit: rateLimit))
    }

    /// Sets only the connection toxics of `endpoint`: `.slicer`,
    /// `.limitData(1024)`, `.slicer.with(.slowClose())`, `.none`.
    @discardableResult
    public func set(_ endpoint: String, toxics: Toxics) async throws -> EndpointStatus {
        try await self.set(endpoint, SettingChange(toxics: toxics))
    }

    /// The requests `endpoint` answered, oldest first, with their headers
    /// and bodies while they are kept (`header(_:)`, `bodyText`,
    /// `decodeBody(as:)`). Credentials read `REDACTED`, as in the control
    /// API, HAR files and logs, unless asked for by name: `redact: false`.
    /// Throws when no endpoint has that id: the list route filters by id
    /// but does not check it, so the endpoint is asked for first.
    public func requests(_ endpoint: String, redact: Bool = true) async throws -> [RequestRecord] {
        _ = try await self.endpoint(endpoint)
        return try await self.requests(RequestFilter(endpoint: endpoint, redact: redact))
    }

    /// Every request received, matched or not, oldest first, with headers
    /// and bodies; credentials `REDACTED` unless `redact: false`.
    public func requests(redact: Bool = true) async throws -> [RequestRecord] {
        try await self.requests(RequestFilter(redact: redact))
    }

    /// The requests no endpoint answered (those that matched none, and
    /// those refused before routing), with headers and bodies.
    public func unmatchedRequests(redact: Bool = true) async throws -> [RequestRecord] {
        try await self.requests(RequestFilter(unmatched: true, redact: redact))
    }

    /// The requests that broke their endpoint's OpenAPI description (a
    /// server validating requests), each with what it broke (`invalid`).
    public func invalidRequests(redact: Bool = true) async throws -> [RequestRecord] {
        try await self.requests(RequestFilter(redact: redact)).filter { !($0.invalid ?? []).isEmpty }
    }
}
