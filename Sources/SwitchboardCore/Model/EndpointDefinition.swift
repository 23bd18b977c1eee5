public import SwitchboardModel

/// One endpoint of the fake API, as the manifest declares it.
public struct EndpointDefinition: Sendable {
    public var id: String
    /// Upper-case HTTP method.
    public var method: String
    public var path: PathPattern
    /// Query parameters a request must carry.
    public var query: [ValueRequirement]
    /// Headers a request must carry (names compared case-insensitively).
    public var headers: [ValueRequirement]
    /// What its body must hold (`body:`); empty when anything goes.
    public var body: [BodyRequirement] = []
    public var success: ResponseDefinition
    public var error: ResponseDefinition
    public var serverError: ResponseDefinition
    /// The setting it starts with (`mode:`, `latency:`, `rate_limit:`,
    /// `rate_limit_key:`, `toxics:`), and returns to on reset.
    public var start: EndpointSetting
    /// The modes the `sequence` mode serves in turn; empty when not declared.
    public var sequence: [Mode]
    /// `upstream:` on the endpoint: a second backend for this one.
    public var upstream: UpstreamURL?
    /// Where the endpoint is declared, for messages.
    public var location: SourceLocation?
    /// For the endpoints a `resources:` entry declares: which resource and
    /// operation answers its success.
    public var resource: ResourceBinding?
    /// For an endpoint made from an OpenAPI description: its operation, to
    /// check requests against (`--validate`).
    public var contract: (any EndpointContract)?

    public init(
        id: String,
        method: String,
        path: PathPattern,
        query: [ValueRequirement] = [],
        headers: [ValueRequirement] = [],
        success: ResponseDefinition = .fallback(for: .success),
        error: ResponseDefinition = .fallback(for: .error),
        serverError: ResponseDefinition = .fallback(for: .serverError),
        startMode: Mode = .success,
        startLatency: String? = nil,
        sequence: [Mode] = [],
        location: SourceLocation? = nil
    ) {
        self.id = id
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.success = success
        self.error = error
        self.serverError = serverError
        self.start = EndpointSetting(mode: startMode, latency: startLatency)
        self.sequence = sequence
        self.location = location
    }

    /// The mode it starts in (`start.mode`).
    public var startMode: Mode {
        get { self.start.mode }
        set { self.start.mode = newValue }
    }

    /// The latency profile it starts with; `nil` is no added latency.
    public var startLatency: String? {
        get { self.start.latency }
        set { self.start.latency = newValue }
    }

    /// `rate_limit:` — the limit it starts with; `nil` is none.
    public var startRateLimit: RateLimit? {
        get { self.start.rateLimit }
        set { self.start.rateLimit = newValue }
    }

    /// `rate_limit_key:` — the request header whose value gets a bucket of
    /// its own; `nil` is one bucket for the endpoint.
    public var rateLimitKey: String? {
        get { self.start.rateLimitKey }
        set { self.start.rateLimitKey = newValue }
    }

    /// `toxics:` — the connection toxics it starts with (none by default).
    public var startToxics: Toxics {
        get { self.start.toxics }
        set { self.start.toxics = newValue }
    }

    public func response(_ kind: ResponseKind) -> ResponseDefinition {
        switch kind {
        case .success: self.success
        case .error: self.error
        case .serverError: self.serverError
        }
    }

    /// How many requirements a request must meet besides method and path:
    /// each query parameter, header and body requirement counts one (the
    /// routing precedence, `EndpointTable`).
    public var requirementCount: Int {
        self.query.count + self.headers.count + self.body.count
    }

    /// Whether the endpoint's normal answer is the upstream's: declared
    /// `mode: live`. A `flaky` or `sequence` success then goes live too,
    /// so that breaking some requests leaves the others real.
    public var passesThrough: Bool {
        self.startMode == .live
    }

    /// `GET /episodes/:episode`, the way people read an endpoint.
    public var signature: String {
        "\(self.method) \(self.path)"
    }

    /// The id a manifest entry gets when it declares none:
    /// `GET /episodes/:episode` → `get-episodes-episode`.
    public static func derivedID(method: String, path: PathPattern) -> String {
        var parts = [method.lowercased()]
        for segment in path.segments {
            switch segment {
            case .literal(let text): parts.append(Self.slug(text))
            case .parameter(let name): parts.append(Self.slug(name))
            case .wildcard: parts.append("all")
            }
        }
        return parts.filter { !$0.isEmpty }.joined(separator: "-")
    }

    private static func slug(_ text: String) -> String {
        var out = ""
        for character in text.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                out.append(character)
            } else if !out.hasSuffix("-") && !out.isEmpty {
                out.append("-")
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }
}

/// A line and column in a manifest, both counted from 1.
public struct SourceLocation: Sendable, Hashable {
    public var line: Int
    public var column: Int
    /// The file, when it is not the manifest: the description an
    /// operation is written in.
    public var file: String?

    public init(line: Int, column: Int, file: String? = nil) {
        self.line = line
        self.column = column
        self.file = file
    }
}
