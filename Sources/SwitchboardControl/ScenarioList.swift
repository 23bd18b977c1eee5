public import SwitchboardJSON
public import SwitchboardModel

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
    /// `*`): `change`, written with each key's word (`none` and `off` where
    /// it takes a part away).
    public struct Setting: Codable, Sendable, Equatable {
        public var endpoint: String
        public var change: SettingChange

        public init(endpoint: String, change: SettingChange) {
            self.endpoint = endpoint
            self.change = change
        }

        /// The texts as they were before `change` typed them; a text that
        /// does not read is left out.
        @available(*, deprecated, message: "use init(endpoint:change:)")
        public init(
            endpoint: String, mode: String?, latency: String?, rateLimit: String? = nil, rateLimitKey: String? = nil,
            toxics: String? = nil
        ) {
            var change = SettingChange()
            let words: [(SettingKey, String?)] = [
                (.mode, mode), (.latency, latency), (.rateLimit, rateLimit), (.rateLimitKey, rateLimitKey),
                (.toxics, toxics),
            ]
            for case (let key, let word?) in words { try? change.read(word, for: key) }
            self.init(endpoint: endpoint, change: change)
        }

        public var mode: String? { self.change.word(for: .mode) }
        /// A profile name, or `none` to remove latency.
        public var latency: String? { self.change.word(for: .latency) }
        /// `5/s`, `60/min`, or `off` to remove the limit.
        public var rateLimit: String? { self.change.word(for: .rateLimit) }
        /// `X-Client`, or `none` for one bucket.
        public var rateLimitKey: String? { self.change.word(for: .rateLimitKey) }
        /// `slicer,limit_data:1024`, or `none` to remove them.
        public var toxics: String? { self.change.word(for: .toxics) }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ListedKey.self)
            self.endpoint = try container.decode(String.self, forKey: ListedKey("endpoint"))
            self.change = SettingChange()
            for key in SettingKey.allCases {
                guard let word = try container.decodeIfPresent(String.self, forKey: ListedKey(key.rawValue)) else {
                    continue
                }
                try self.change.read(word, for: key)
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ListedKey.self)
            try container.encode(self.endpoint, forKey: ListedKey("endpoint"))
            for key in SettingKey.allCases {
                if let word = self.change.word(for: key) {
                    try container.encode(word, forKey: ListedKey(key.rawValue))
                } else if Self.listedWhenUnset.contains(key) {
                    try container.encodeNil(forKey: ListedKey(key.rawValue))
                }
            }
        }

        /// Listed as `null` when left alone, as they were before the other
        /// keys existed; the others only when set, so scenarios without
        /// them read as they always did.
        static let listedWhenUnset: Set<SettingKey> = [.mode, .latency]

        private struct ListedKey: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }

            init(_ name: String) { self.stringValue = name }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
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
        var properties: JSONObject = ["endpoint": WireSchemas.string]
        for key in SettingKey.allCases {
            let listed = Self.listedWhenUnset.contains(key)
            properties[key.rawValue] = listed ? WireSchemas.nullable(WireSchemas.string) : WireSchemas.string
        }
        return WireSchemas.object(
            properties,
            required: ["endpoint"] + SettingKey.allCases.filter(Self.listedWhenUnset.contains).map(\.rawValue))
    }
}
