public import SwitchboardJSON
public import SwitchboardModel

/// Every endpoint and what can be chosen for them: `GET …/endpoints`, and
/// the answer of `POST …/reset` and `POST …/scenarios/{name}`.
public struct PanelStatus: Codable, Sendable, Equatable {
    /// The scenario applied last, until every endpoint is reset (a drill
    /// ending with `reset: all` included).
    public var scenario: String?
    /// Whether the settings are still what `scenario` made them; `nil`
    /// with no scenario (and from a server too old to say).
    public var scenarioState: ScenarioLabel.State?
    /// The drill running now; `nil` when none is.
    public var drill: DrillStatus?
    public var totalRequests: Int
    public var unmatchedRequests: Int
    public var endpoints: [EndpointStatus]
    public var latencyProfiles: [LatencyProfileInfo]
    public var scenarios: [String]
    public var modes: [String]

    public init(
        scenario: String?, totalRequests: Int, unmatchedRequests: Int, endpoints: [EndpointStatus],
        latencyProfiles: [LatencyProfileInfo], scenarios: [String], modes: [String], drill: DrillStatus? = nil,
        scenarioState: ScenarioLabel.State? = nil
    ) {
        self.scenario = scenario
        self.scenarioState = scenarioState
        self.drill = drill
        self.totalRequests = totalRequests
        self.unmatchedRequests = unmatchedRequests
        self.endpoints = endpoints
        self.latencyProfiles = latencyProfiles
        self.scenarios = scenarios
        self.modes = modes
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case scenario, drill
        case scenarioState = "scenario_state"
        case totalRequests = "total_requests"
        case unmatchedRequests = "unmatched_requests"
        case endpoints
        case latencyProfiles = "latency_profiles"
        case scenarios, modes
    }

    /// `outage (changed)`: what the header and `status` print.
    public var scenarioLabel: ScenarioLabel? {
        self.scenario.map { ScenarioLabel(name: $0, state: self.scenarioState ?? .alone) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.scenario, forKey: .scenario)
        try container.encode(self.scenarioState, forKey: .scenarioState)
        try container.encode(self.drill, forKey: .drill)
        try container.encode(self.totalRequests, forKey: .totalRequests)
        try container.encode(self.unmatchedRequests, forKey: .unmatchedRequests)
        try container.encode(self.endpoints, forKey: .endpoints)
        try container.encode(self.latencyProfiles, forKey: .latencyProfiles)
        try container.encode(self.scenarios, forKey: .scenarios)
        try container.encode(self.modes, forKey: .modes)
    }
}

/// A latency profile the manifest offers, built in or its own.
public struct LatencyProfileInfo: Codable, Sendable, Equatable {
    public var name: String
    /// `600–1200 ms`, as the screen shows it.
    public var summary: String
    public var builtIn: Bool

    public init(name: String, summary: String, builtIn: Bool) {
        self.name = name
        self.summary = summary
        self.builtIn = builtIn
    }

    enum CodingKeys: String, CodingKey {
        case name, summary
        case builtIn = "built_in"
    }
}

extension PanelStatus: WireSchema {
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(
            [
                "scenario": WireSchemas.nullable(WireSchemas.string),
                "scenario_state": WireSchemas.nullable(
                    WireSchemas.oneWord(of: ScenarioLabel.State.allCases.map(\.rawValue))),
                "drill": WireSchemas.nullable(schemas.reference(DrillStatus.self)),
                "total_requests": WireSchemas.count,
                "unmatched_requests": WireSchemas.count,
                "endpoints": schemas.reference([EndpointStatus].self),
                "latency_profiles": schemas.reference([LatencyProfileInfo].self),
                "scenarios": WireSchemas.strings,
                "modes": WireSchemas.strings,
            ], required: CodingKeys.allCases.map(\.stringValue))
    }
}

extension LatencyProfileInfo: WireSchema {
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(
            ["name": WireSchemas.string, "summary": WireSchemas.string, "built_in": WireSchemas.boolean],
            required: ["name", "summary", "built_in"])
    }
}
