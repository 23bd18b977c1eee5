public import SwitchboardControl

/// The scenario applied last and what it made of the settings, by endpoint
/// id: enough to say, at any later moment, whether the settings are still
/// its own (`ScenarioLabel`). Kept until every endpoint is reset.
public struct ScenarioTrace: Sendable, Hashable {
    public let name: String
    /// The scenario (a drill: its steps so far) on the manifest's start.
    var alone: [String: EndpointSetting]
    /// The settings just after it (or a drill's latest step) was applied.
    var applied: [String: EndpointSetting]

    init(name: String, alone: [EndpointSetting], applied: [EndpointSetting], endpoints: [EndpointDefinition]) {
        self.name = name
        self.alone = Self.byID(alone, endpoints)
        self.applied = Self.byID(applied, endpoints)
    }

    /// A drill's step applied: `alone` takes it too, `applied` becomes
    /// `settings`.
    mutating func step(_ changes: [Scenario.Setting], settings: [EndpointSetting], endpoints: [EndpointDefinition]) {
        for (index, endpoint) in endpoints.enumerated() {
            var alone = self.alone[endpoint.id] ?? EndpointSetting(startOf: endpoint)
            for change in changes where change.applies(to: endpoint) { change.apply(to: &alone, of: endpoint) }
            self.alone[endpoint.id] = alone
            if index < settings.count { self.applied[endpoint.id] = settings[index] }
        }
    }

    /// Carried over a reload that turned each endpoint's `old` setting into
    /// its `new` one: an endpoint that matched the scenario still does.
    func carried(from old: [String: EndpointSetting], to new: [String: EndpointSetting]) -> ScenarioTrace {
        var trace = self
        for (id, setting) in new {
            guard let before = old[id] else { continue }
            if trace.alone[id] == before { trace.alone[id] = setting }
            if trace.applied[id] == before { trace.applied[id] = setting }
        }
        return trace
    }

    /// What the header, `status` and the control API say of `settings`.
    public func label(settings: [EndpointSetting], endpoints: [EndpointDefinition]) -> ScenarioLabel {
        var alone = true
        var asApplied = true
        for (index, endpoint) in endpoints.enumerated() where index < settings.count {
            if let expected = self.alone[endpoint.id], expected != settings[index] { alone = false }
            if let expected = self.applied[endpoint.id], expected != settings[index] { asApplied = false }
        }
        return ScenarioLabel(name: self.name, state: alone ? .alone : asApplied ? .stacked : .changed)
    }

    static func byID(_ settings: [EndpointSetting], _ endpoints: [EndpointDefinition]) -> [String: EndpointSetting] {
        var byID: [String: EndpointSetting] = [:]
        for (index, endpoint) in endpoints.enumerated() where index < settings.count {
            byID[endpoint.id] = settings[index]
        }
        return byID
    }
}
