public import SwitchboardJSON

/// One endpoint and how it is set: an element of `GET …/endpoints`, and the
/// whole answer of `GET`, `PUT` and `POST …/endpoints/{id}/reset`.
public struct EndpointStatus: Codable, Sendable, Equatable {
    public var id: String
    public var method: String
    /// The manifest's pattern, `/episodes/:episode`.
    public var path: String
    /// `success`, `flaky:25`, …
    public var mode: String
    /// The latency profile in force; `nil` for none.
    public var latency: String?
    public var hits: Int
    /// `nil` before the first answer, and when the last one had no status
    /// line (a fault).
    public var lastStatus: Int?
    public var startMode: String
    public var startLatency: String?
    /// The modes a `sequence` endpoint steps through; `nil` when it has none.
    public var sequence: [String]?
    /// The rate limit in force (`5/s`); `nil` for none.
    public var rateLimit: String?
    /// The request header that keys the limit's buckets; `nil` for one
    /// bucket for the endpoint.
    public var rateLimitKey: String?
    /// The toxics in force (`["slicer", "limit_data:1024"]`); `nil` for none.
    public var toxics: [String]?
    /// For a count rule: the requests it has counted since it was set or
    /// reset (`fail_first:2` after one: `1`); `nil` for any other mode.
    public var counted: Int?
    /// The manifest's starting limit, key and toxics, which a reset
    /// returns to; `nil` for none.
    public var startRateLimit: String?
    public var startRateLimitKey: String?
    public var startToxics: [String]?
    /// How many query, header and body requirements a request must meet
    /// besides method and path: what the server's precedence counts among
    /// endpoints of one path (`EndpointTable`). `nil` from an older server.
    public var requirements: Int?

    public init(
        id: String, method: String, path: String, mode: String, latency: String?, hits: Int, lastStatus: Int?,
        startMode: String, startLatency: String?, sequence: [String]?, rateLimit: String? = nil,
        rateLimitKey: String? = nil, toxics: [String]? = nil, counted: Int? = nil, startRateLimit: String? = nil,
        startRateLimitKey: String? = nil, startToxics: [String]? = nil, requirements: Int? = nil
    ) {
        self.id = id
        self.method = method
        self.path = path
        self.mode = mode
        self.latency = latency
        self.hits = hits
        self.lastStatus = lastStatus
        self.startMode = startMode
        self.startLatency = startLatency
        self.sequence = sequence
        self.rateLimit = rateLimit
        self.rateLimitKey = rateLimitKey
        self.toxics = toxics
        self.counted = counted
        self.startRateLimit = startRateLimit
        self.startRateLimitKey = startRateLimitKey
        self.startToxics = startToxics
        self.requirements = requirements
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, method, path, mode, latency, hits
        case lastStatus = "last_status"
        case startMode = "start_mode"
        case startLatency = "start_latency"
        case sequence
        case rateLimit = "rate_limit"
        case rateLimitKey = "rate_limit_key"
        case toxics, counted
        case startRateLimit = "start_rate_limit"
        case startRateLimitKey = "start_rate_limit_key"
        case startToxics = "start_toxics"
        case requirements
    }

    // Written by hand to say `null` where a value is absent, as the rest of
    // the API does (docs/control-api-and-cli.md promises it): a client reading
    // `rate_limit` finds `null`, not a missing key, when there is none.
    // Decoding takes either, so older servers still decode.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.id, forKey: .id)
        try container.encode(self.method, forKey: .method)
        try container.encode(self.path, forKey: .path)
        try container.encode(self.mode, forKey: .mode)
        try container.encode(self.latency, forKey: .latency)
        try container.encode(self.hits, forKey: .hits)
        try container.encode(self.lastStatus, forKey: .lastStatus)
        try container.encode(self.startMode, forKey: .startMode)
        try container.encode(self.startLatency, forKey: .startLatency)
        try container.encode(self.sequence, forKey: .sequence)
        try container.encode(self.rateLimit, forKey: .rateLimit)
        try container.encode(self.rateLimitKey, forKey: .rateLimitKey)
        try container.encode(self.toxics, forKey: .toxics)
        try container.encode(self.counted, forKey: .counted)
        try container.encode(self.startRateLimit, forKey: .startRateLimit)
        try container.encode(self.startRateLimitKey, forKey: .startRateLimitKey)
        try container.encode(self.startToxics, forKey: .startToxics)
        try container.encode(self.requirements, forKey: .requirements)
    }
}

extension EndpointStatus: WireSchema {
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        let text = WireSchemas.nullable(WireSchemas.string)
        let list = WireSchemas.nullable(WireSchemas.strings)
        return WireSchemas.object(
            [
                "id": WireSchemas.string, "method": WireSchemas.string, "path": WireSchemas.string,
                "mode": WireSchemas.string, "latency": text, "hits": WireSchemas.count,
                "last_status": WireSchemas.nullable(["type": "integer", "minimum": 100, "maximum": 999]),
                "start_mode": WireSchemas.string, "start_latency": text, "sequence": list, "rate_limit": text,
                "rate_limit_key": text, "toxics": list, "counted": WireSchemas.nullable(WireSchemas.count),
                "start_rate_limit": text, "start_rate_limit_key": text, "start_toxics": list,
                "requirements": WireSchemas.nullable(WireSchemas.count),
            ], required: CodingKeys.allCases.map(\.stringValue))
    }
}
