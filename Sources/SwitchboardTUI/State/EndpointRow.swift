public import SwitchboardCore
public import SwitchboardModel

/// One line of the endpoint list: what the endpoint is and how it is set.
public struct EndpointRow: Equatable, Sendable {
    public var id: String
    public var method: String
    public var path: String
    public var mode: Mode
    /// Profile name; `nil` is no added latency.
    public var latency: String?
    public var hits: Int
    /// Statuses of the error responses, for labels like `error 401`.
    public var errorStatus: Int
    public var serverErrorStatus: Int
    /// What reset returns to.
    public var startMode: Mode
    public var startLatency: String?
    /// Steps of the manifest's `sequence`, empty when none is declared.
    public var sequence: [Mode]
    /// The endpoint has an upstream to go `live` to.
    public var canGoLive = false
    /// Requests the count rule has decided since it started (0 when the
    /// mode is not a rule): its progress on the row.
    public var counted = 0
    /// Requests past it are answered 429; `nil` is no limit.
    public var rateLimit: RateLimit?
    /// The request header the limit's buckets are keyed by; `nil` for one
    /// bucket for the endpoint.
    public var rateLimitKey: String?
    public var startRateLimitKey: String?
    public var startRateLimit: RateLimit?
    /// How its bytes leave (slicer, slow close, data limit).
    public var toxics = Toxics.none
    public var startToxics = Toxics.none
    /// A request this endpoint answers, as curl arguments
    /// (`'/weather?lat=1&lon=2'`, `-H 'X-Api-Key: 1'`), for the empty log's hint.
    public var example = ExampleRequest(path: "/")
    /// The resource whose items this row lists (on its `NAME.list` row
    /// only), and how many it holds: `/todos · 3 items`.
    public var resource: String?
    public var items: Int?

    public init(
        id: String, method: String, path: String, mode: Mode = .success, latency: String? = nil, hits: Int = 0,
        errorStatus: Int = 400, serverErrorStatus: Int = 500, startMode: Mode = .success,
        startLatency: String? = nil, sequence: [Mode] = []
    ) {
        self.id = id
        self.method = method
        self.path = path
        self.mode = mode
        self.latency = latency
        self.hits = hits
        self.errorStatus = errorStatus
        self.serverErrorStatus = serverErrorStatus
        self.startMode = startMode
        self.startLatency = startLatency
        self.sequence = sequence
    }

    /// `example`: the row's suggested request when already made for this
    /// definition (`ExampleRequest(endpoint)` otherwise).
    public init(
        _ endpoint: EndpointDefinition, setting: EndpointSetting, stats: EndpointStats?,
        example: ExampleRequest? = nil
    ) {
        self.init(
            id: endpoint.id, method: endpoint.method, path: TerminalText.clean(endpoint.path.description),
            mode: setting.mode, latency: setting.latency, hits: stats?.hits ?? 0,
            errorStatus: endpoint.error.status, serverErrorStatus: endpoint.serverError.status,
            startMode: endpoint.startMode, startLatency: endpoint.startLatency, sequence: endpoint.sequence)
        self.canGoLive = endpoint.upstream != nil || endpoint.passesThrough
        self.rateLimit = setting.rateLimit
        self.rateLimitKey = setting.rateLimit == nil ? nil : setting.rateLimitKey.map(TerminalText.clean)
        self.startRateLimit = endpoint.startRateLimit
        self.startRateLimitKey = endpoint.startRateLimit == nil ? nil : endpoint.rateLimitKey.map(TerminalText.clean)
        self.toxics = setting.toxics
        self.startToxics = endpoint.startToxics
        if let binding = endpoint.resource, binding.operation == .list { self.resource = binding.resource }
        self.example = example ?? ExampleRequest(endpoint)
    }

    /// `≤5/s` (`<=5/s` without Unicode), `≤5/s per X-Client` for a limit
    /// keyed per client (`short`: `≤5/s each`), or `nil` without a limit.
    public func rateLimitLabel(unicode: Bool, short: Bool = false) -> String? {
        self.rateLimit.map { limit in
            let text =
                short
                ? limit.description + (self.rateLimitKey == nil ? "" : " each")
                : RateLimitKeyChoice.limitText(limit.description, key: self.rateLimitKey)
            return (unicode ? "≤" : "<=") + text
        }
    }

    /// `limit 5/s per X-Client`: the limit in words, for the endpoint view.
    public var rateLimitWords: String? {
        self.rateLimit.map { "limit " + RateLimitKeyChoice.limitText($0.description, key: self.rateLimitKey) }
    }

    /// The path, with a resource's item count on its list row.
    public var pathLabel: String {
        guard let items = self.items else { return self.path }
        return "\(self.path) · \(items) item\(items == 1 ? "" : "s")"
    }

    /// `success`, `error 401`, `server_error 503`, `flaky 25%`, `sequence ×3`;
    /// a count rule's progress: `2 of 3 failed`, `every 3: 2 reset`,
    /// `4 left`, `expired`.
    public var modeLabel: String {
        self.modeLabel(fitting: .max)
    }

    /// The mode's label in at most `width` columns where a shorter form
    /// exists (count rules: `2/3 failed`, `every 3: 2`; a `URLError` code:
    /// `cannotFindHost`).
    public func modeLabel(fitting width: Int) -> String {
        if case .fault(.urlError(let code)) = self.mode, self.mode.name.count > width { return code.name }
        guard case .rule(let rule) = self.mode else { return self.label(of: self.mode) }
        let (long, short) = rule.progress(counted: self.counted)
        return long.count <= width ? long : short
    }

    /// What the next request gets when the mode is a count rule, `nil`
    /// otherwise: the row takes its colour.
    public var nextOfRule: Mode? {
        guard case .rule(let rule) = self.mode else { return nil }
        return rule.fails(request: self.counted) ? rule.failure.mode : .success
    }

    /// How the row would name `mode`: with this endpoint's statuses.
    public func label(of mode: Mode) -> String {
        switch mode {
        case .success: "success"
        case .error: "error \(self.errorStatus)"
        case .serverError: self.serverErrorStatus == 500 ? "server_error" : "server_error \(self.serverErrorStatus)"
        case .flaky(let percent): "flaky \(percent)%"
        case .sequence: "sequence ×\(self.sequence.count)"
        default: mode.name
        }
    }

    /// The rate `flaky` starts at for this endpoint: the manifest's, or 25%.
    public var flakyPercent: Int {
        if case .flaky(let percent) = self.startMode { return percent }
        return 25
    }

    /// Whether the endpoint differs from how the manifest starts it.
    public var isChanged: Bool {
        self.mode != self.startMode || self.latency != self.startLatency || self.rateLimit != self.startRateLimit
            || self.rateLimitKey != self.startRateLimitKey || self.toxics != self.startToxics
    }
}
