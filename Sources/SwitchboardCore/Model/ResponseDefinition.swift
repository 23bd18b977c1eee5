/// One of an endpoint's responses, with its body already read from disk.
public struct ResponseDefinition: Sendable {
    public var status: Int
    /// Headers from the manifest, in manifest order.
    public var headers: [HeaderField]
    public var body: ResponseBody

    public init(status: Int, headers: [HeaderField] = [], body: ResponseBody) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether the manifest set Content-Type itself (then no type is inferred).
    public var hasExplicitContentType: Bool {
        self.headers.contains { $0.name.lowercased() == "content-type" }
    }

    /// This response with `Cache-Control: no-store` in place of any caching
    /// headers the manifest gave it.
    public var uncacheable: ResponseDefinition {
        var copy = self
        copy.headers = CacheHeaders.uncacheable(self.headers)
        return copy
    }

    /// The response an endpoint gets for `kind` when the manifest has none.
    public static func fallback(for kind: ResponseKind) -> ResponseDefinition {
        let json: String
        switch kind {
        case .success: json = #"{"ok":true}"#
        case .error: json = #"{"error":"bad_request","message":"Switchboard: endpoint is in error mode"}"#
        case .serverError:
            json = #"{"error":"internal_server_error","message":"Switchboard: endpoint is in server_error mode"}"#
        }
        return ResponseDefinition(
            status: kind.defaultStatus,
            body: .fixed(FixtureBody(contentType: "application/json", content: .bytes(Array(json.utf8))))
        )
    }
}

/// Where a response's bytes come from.
public enum ResponseBody: Sendable {
    /// The same body for every request (inline, or one file).
    case fixed(FixtureBody)
    /// A file whose name depends on the request (`episodes/{episode}.json`):
    /// every file in the fixtures folder that fits the pattern, read at load
    /// time and keyed by its path relative to the folder.
    case perRequestFile(pattern: TextTemplate, files: [String: FixtureBody])
}

/// A body read at load time, and the Content-Type it implies.
public struct FixtureBody: Sendable {
    /// Inferred from the file extension or the inline form; `nil` when the
    /// manifest sets Content-Type itself.
    public var contentType: String?
    public var content: BodyContent

    public init(contentType: String?, content: BodyContent) {
        self.contentType = contentType
        self.content = content
    }
}

/// Body bytes, possibly with `{param}` placeholders to fill per request.
public enum BodyContent: Sendable {
    case bytes([UInt8])
    case template(TextTemplate)
    /// A file too large to hold in memory: read from disk for each request
    /// (`size` as it was at load; the file's size when read is what is sent).
    case file(path: String, size: Int)
    /// A body generated from a description's schema, made on first use.
    case generated(Deferred<[UInt8]>)

    /// An inline body, a manifest's `json:` or `body:` or the builder's
    /// `.json(…)`: a template when it names one of `names` (the endpoint's
    /// path and query parameters) or a `RequestValue`, else its bytes.
    public static func inline(_ bytes: [UInt8], names: Set<String>) -> BodyContent {
        let template = TextTemplate(bytes: bytes, names: names)
        return template.hasParameters ? .template(template) : .bytes(bytes)
    }

    /// The bytes held in memory, a generated body's made now; `nil` for a
    /// template or a file read per request.
    public var heldBytes: [UInt8]? {
        switch self {
        case .bytes(let bytes): bytes
        case .generated(let generated): generated.value
        case .template, .file: nil
        }
    }
}
