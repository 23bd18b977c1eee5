public import Foundation
import SwitchboardCore
public import SwitchboardModel

/// An endpoint declared in code, for ``Switchboard/start(port:endpoints:scenarios:)``:
/// the same thing a `switchboard.yml` entry declares, with bodies inline.
///
/// ```swift
/// Endpoint.post("/login", id: "login")
///     .json(#"{"token":"abc"}"#)
///     .error(status: 401, json: #"{"error":"invalid_credentials"}"#)
/// ```
///
/// Each modifier returns a changed copy. Responses not given get the same
/// defaults a manifest gives them (`{"ok":true}`, a 400, a 500).
public struct Endpoint: Sendable {
    /// The id control calls and `requests(_:)` use: given, or
    /// derived as a manifest derives it (`GET /users/:id` → `get-users-id`).
    public var id: String { self.explicitID ?? self.derivedID }

    let method: String
    let path: String
    let explicitID: String?
    var success = ResponseDefinition.fallback(for: .success)
    var error = ResponseDefinition.fallback(for: .error)
    var serverError = ResponseDefinition.fallback(for: .serverError)
    var startMode = Mode.success
    var startLatency: String?
    var sequence: [Mode] = []
    /// What a request must carry to be answered here, as a manifest's
    /// `query:`, `headers:` and `body:` declare it.
    var query: [ValueRequirement] = []
    var headerRequirements: [ValueRequirement] = []
    var bodyRequirements: [BodyRequirement] = []
    /// The success body came as `Data` (`body(_:contentType:)`), sent as it
    /// is; every other inline body is a template (`manifest(of:)` makes it
    /// one, when the endpoint's parameter names are all known).
    var successIsData = false
    /// What a modifier could not take (a JSON path that does not parse),
    /// reported with the rest when the endpoints are checked.
    var problems: [String] = []
    /// Set when this entry of an ``EndpointsBuilder`` list stands for a
    /// ``Resource`` and its six endpoints rather than one endpoint.
    var resource: Resource?

    /// An endpoint answering `method` (any case) on `path`, a manifest
    /// pattern: `/users/:id`, `/files/*`.
    ///
    /// ```swift
    /// Endpoint("HEAD", "/files/*", id: "file-exists")
    /// ```
    public init(_ method: String, _ path: String, id: String? = nil) {
        self.method = method.uppercased()
        self.path = path
        self.explicitID = id
    }

    /// The entry a ``Resource`` makes in a list of endpoints.
    init(_ resource: Resource) {
        self.init("", resource.definition.path, id: resource.definition.name)
        self.resource = resource
    }

    /// `GET path`.
    ///
    /// ```swift
    /// Endpoint.get("/users/:id").json(#"{"name":"Ada"}"#)   // id "get-users-id"
    /// ```
    public static func get(_ path: String, id: String? = nil) -> Endpoint { Endpoint("GET", path, id: id) }
    /// `POST path`.
    ///
    /// ```swift
    /// Endpoint.post("/login", id: "login").json(#"{"token":"abc"}"#)
    /// ```
    public static func post(_ path: String, id: String? = nil) -> Endpoint { Endpoint("POST", path, id: id) }
    /// `PUT path`.
    ///
    /// ```swift
    /// Endpoint.put("/settings", id: "save-settings").json("{}")
    /// ```
    public static func put(_ path: String, id: String? = nil) -> Endpoint { Endpoint("PUT", path, id: id) }
    /// `PATCH path`.
    ///
    /// ```swift
    /// Endpoint.patch("/profile", id: "rename").json(#"{"name":"Ada"}"#)
    /// ```
    public static func patch(_ path: String, id: String? = nil) -> Endpoint { Endpoint("PATCH", path, id: id) }
    /// `DELETE path`.
    ///
    /// ```swift
    /// Endpoint.delete("/sessions/current", id: "logout").json("{}", status: 204)
    /// ```
    public static func delete(_ path: String, id: String? = nil) -> Endpoint { Endpoint("DELETE", path, id: id) }

    /// The success answer: `json` text (sent as `application/json`), a
    /// template as a manifest's `json:` is: `{id}` is the path's `:id` (or a
    /// `query` parameter), and `{body.name}`, `{header.X}`, `{query.q}`,
    /// `{uuid}`, `{counter}`, `{now}`… are read from the request; a
    /// header's value may use the same names.
    ///
    /// ```swift
    /// Endpoint.get("/me").json(#"{"name":"Ada"}"#, headers: ["ETag": "v1"])
    /// Endpoint.post("/users").json(#"{"id":"{uuid}","name":"{body.name}"}"#, status: 201)
    /// ```
    public func json(_ json: String, status: Int = 200, headers: KeyValuePairs<String, String> = [:]) -> Endpoint {
        var copy = self
        copy.success = Self.response(status, headers, Data(json.utf8), contentType: "application/json")
        copy.successIsData = false
        return copy
    }

    /// The success answer: text, a template as `json(_:status:headers:)`
    /// is; sent as JSON when it starts like JSON, else as plain text, as a
    /// manifest's `body:` is.
    ///
    /// ```swift
    /// Endpoint.get("/hello/:name").text("Hello, {name}!")
    /// ```
    public func text(_ text: String, status: Int = 200, headers: KeyValuePairs<String, String> = [:]) -> Endpoint {
        var copy = self
        copy.success = Self.response(status, headers, Data(text.utf8), contentType: ContentTypes.forInlineText(text))
        copy.successIsData = false
        return copy
    }

    /// The success answer: any bytes, with their content type, sent as they
    /// are (no template: braces in an image or a file stay as they are).
    ///
    /// ```swift
    /// Endpoint.get("/avatar.png").body(pngData, contentType: "image/png")
    /// ```
    public func body(
        _ body: Data, contentType: String, status: Int = 200, headers: KeyValuePairs<String, String> = [:]
    ) -> Endpoint {
        var copy = self
        copy.success = Self.response(status, headers, body, contentType: contentType)
        copy.successIsData = true
        return copy
    }

    /// A request must carry these query parameters (`"*"`: with any value)
    /// to be answered here, as a manifest's `query:`; each is a name the
    /// answers' templates read (`{q}`). Endpoints on one method and path may
    /// differ by query; the one with the most requirements met answers.
    ///
    /// ```swift
    /// Endpoint.get("/search", id: "search").query(["q": "*"]).json(#"{"results":[],"q":"{q}"}"#)
    /// ```
    public func query(_ parameters: KeyValuePairs<String, String>) -> Endpoint {
        var copy = self
        copy.query += parameters.map { ValueRequirement(name: $0.key, declared: $0.value) }
        return copy
    }

    /// A request must carry these headers (names in any case, `"*"`: with
    /// any value) to be answered here, as a manifest's `headers:`.
    ///
    /// ```swift
    /// Endpoint.get("/me", id: "me").headers(["Authorization": "*"]).json(#"{"name":"Ada"}"#)
    /// Endpoint.get("/me", id: "me-anonymous").json(#"{"error":"sign in"}"#, status: 401)
    /// ```
    public func headers(_ headers: KeyValuePairs<String, String>) -> Endpoint {
        var copy = self
        copy.headerRequirements += headers.map { ValueRequirement(name: $0.key, declared: $0.value) }
        return copy
    }

    /// What mode `error` answers: by default a 400 with a JSON message.
    ///
    /// ```swift
    /// Endpoint.post("/login").error(status: 401, json: #"{"error":"invalid_credentials"}"#)
    /// ```
    public func error(status: Int = 400, json: String? = nil, headers: KeyValuePairs<String, String> = [:])
        -> Endpoint
    {
        var copy = self
        copy.error = Self.response(
            status, headers, json.map { Data($0.utf8) }, contentType: "application/json", fallback: .error)
        return copy
    }

    /// What mode `server_error` answers: by default a 500 with a JSON message.
    ///
    /// ```swift
    /// Endpoint.get("/feed").serverError(status: 503, headers: ["Retry-After": "5"])
    /// ```
    public func serverError(
        status: Int = 500, json: String? = nil, headers: KeyValuePairs<String, String> = [:]
    ) -> Endpoint {
        var copy = self
        copy.serverError = Self.response(
            status, headers, json.map { Data($0.utf8) }, contentType: "application/json", fallback: .serverError)
        return copy
    }

    /// The mode the endpoint starts in, and returns to on reset.
    ///
    /// ```swift
    /// Endpoint.get("/feed").mode(.rule(.failFirst(2)))
    /// ```
    public func mode(_ mode: Mode) -> Endpoint {
        var copy = self
        copy.startMode = mode
        return copy
    }

    /// The latency profile it starts with: a built-in one (`3g`, `edge`,
    /// `gprs`, `3g+`, `wifi`).
    ///
    /// ```swift
    /// Endpoint.get("/feed").latency("3g")
    /// ```
    public func latency(_ profile: String) -> Endpoint {
        var copy = self
        copy.startLatency = LatencyChoice(name: profile).profileName
        return copy
    }

    /// The modes `.sequence` steps through, one per request, repeating.
    ///
    /// ```swift
    /// Endpoint.get("/feed").sequence([.serverError, .success]).mode(.sequence)
    /// ```
    public func sequence(_ modes: [Mode]) -> Endpoint {
        var copy = self
        copy.sequence = modes
        return copy
    }

    private var derivedID: String {
        guard case .success(let pattern) = PathPattern.parse(self.path) else { return self.path }
        return EndpointDefinition.derivedID(method: self.method, path: pattern)
    }

    /// `contentType` `nil`: none is sent (an empty `text("")`, as a
    /// manifest's `body: ""`).
    private static func response(
        _ status: Int, _ headers: KeyValuePairs<String, String>, _ body: Data?, contentType: String?,
        fallback: ResponseKind? = nil
    ) -> ResponseDefinition {
        let fields = headers.map { HeaderField(name: $0.key, value: $0.value) }
        if let fallback, body == nil {
            var response = ResponseDefinition.fallback(for: fallback)
            response.status = status
            response.headers = fields
            return response
        }
        let explicitType = fields.contains { $0.name.caseInsensitiveCompare("content-type") == .orderedSame }
        let content = FixtureBody(
            contentType: explicitType ? nil : contentType,
            content: .bytes(Array(body ?? Data())))
        return ResponseDefinition(status: status, headers: fields, body: .fixed(content))
    }
}
