public import SwitchboardJSON

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
    /// Empty for a drill, whose settings come in its steps.
    public var settings: [Setting]
    /// A drill's steps, in order; `nil` for a plain scenario.
    public var steps: [Step]?

    public init(name: String, settings: [Setting], steps: [Step]? = nil) {
        self.name = name
        self.settings = settings
        self.steps = steps
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.name, forKey: .name)
        try container.encode(self.settings, forKey: .settings)
        try container.encode(self.steps, forKey: .steps)
    }

    /// One moment of a drill: `at_ms` after its start, `settings` are
    /// applied, or (`reset_all`) every endpoint goes back to its start.
    public struct Step: Codable, Sendable, Equatable {
        public var atMS: Int
        public var settings: [Setting]
        public var resetAll: Bool

        public init(atMS: Int, settings: [Setting], resetAll: Bool = false) {
            self.atMS = atMS
            self.settings = settings
            self.resetAll = resetAll
        }

        enum CodingKeys: String, CodingKey {
            case atMS = "at_ms"
            case settings
            case resetAll = "reset_all"
        }
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
        /// `X-Client`, or `none` for one bucket.
        public var rateLimitKey: String?
        /// `slicer,limit_data:1024`, or `none` to remove them.
        public var toxics: String?

        public init(
            endpoint: String, mode: String?, latency: String?, rateLimit: String? = nil, rateLimitKey: String? = nil,
            toxics: String? = nil
        ) {
            self.endpoint = endpoint
            self.mode = mode
            self.latency = latency
            self.rateLimit = rateLimit
            self.rateLimitKey = rateLimitKey
            self.toxics = toxics
        }

        enum CodingKeys: String, CodingKey {
            case endpoint, mode, latency, toxics
            case rateLimit = "rate_limit"
            case rateLimitKey = "rate_limit_key"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(self.endpoint, forKey: .endpoint)
            try container.encode(self.mode, forKey: .mode)
            try container.encode(self.latency, forKey: .latency)
            // Only when set: scenarios without a limit read as they always did.
            try container.encodeIfPresent(self.rateLimit, forKey: .rateLimit)
            try container.encodeIfPresent(self.rateLimitKey, forKey: .rateLimitKey)
            try container.encodeIfPresent(self.toxics, forKey: .toxics)
        }
    }
}

extension ScenarioList: WireSchema {
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(
            [
                "active": WireSchemas.nullable(WireSchemas.string),
                "scenarios": schemas.reference([ScenarioInfo].self),
            ], required: ["active", "scenarios"])
    }
}

extension ScenarioInfo: WireSchema {
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(
            [
                "name": WireSchemas.string, "settings": schemas.reference([Setting].self),
                "steps": WireSchemas.nullable(schemas.reference([Step].self)),
            ], required: ["name", "settings", "steps"])
    }
}

extension ScenarioInfo.Step: WireSchema {
    public static var schemaName: String? { "ScenarioStep" }

    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(
            [
                "at_ms": WireSchemas.count, "settings": schemas.reference([ScenarioInfo.Setting].self),
                "reset_all": WireSchemas.boolean,
            ], required: ["at_ms", "settings", "reset_all"])
    }
}

extension ScenarioInfo.Setting: WireSchema {
    public static var schemaName: String? { "ScenarioSetting" }

    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(
            [
                "endpoint": WireSchemas.string, "mode": WireSchemas.nullable(WireSchemas.string),
                "latency": WireSchemas.nullable(WireSchemas.string), "rate_limit": WireSchemas.string,
                "rate_limit_key": WireSchemas.string, "toxics": WireSchemas.string,
            ], required: ["endpoint", "mode", "latency"])
    }
}
