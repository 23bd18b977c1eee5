/// `GET …/scenarios`: the manifest's scenarios and the one applied last.
public struct ScenarioList: Codable, Sendable, Equatable {
    public var active: String?
    public var scenarios: [ScenarioInfo]

    public init(active: String?, scenarios: [ScenarioInfo]) {
        self.active = active
        self.scenarios = scenarios
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.active, forKey: .active)
        try container.encode(self.scenarios, forKey: .scenarios)
    }
}

public struct ScenarioInfo: Codable, Sendable, Equatable {
    public var name: String
    public var settings: [Setting]

    public init(name: String, settings: [Setting]) {
        self.name = name
        self.settings = settings
    }

    /// What the scenario does to the endpoints `endpoint` names (an id or
    /// `*`); `nil` leaves that part of their setting alone.
    public struct Setting: Codable, Sendable, Equatable {
        public var endpoint: String
        public var mode: String?
        /// A profile name, or `none` to remove latency.
        public var latency: String?
        /// `5/s`, `60/min`, or `off` to remove the limit.
        public var rateLimit: String?

        public init(endpoint: String, mode: String?, latency: String?, rateLimit: String? = nil) {
            self.endpoint = endpoint
            self.mode = mode
            self.latency = latency
            self.rateLimit = rateLimit
        }

        enum CodingKeys: String, CodingKey {
            case endpoint, mode, latency
            case rateLimit = "rate_limit"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(self.endpoint, forKey: .endpoint)
            try container.encode(self.mode, forKey: .mode)
            try container.encode(self.latency, forKey: .latency)
            // Only when set: scenarios without a limit read as they always did.
            try container.encodeIfPresent(self.rateLimit, forKey: .rateLimit)
        }
    }
}
