public import SwitchboardModel

/// The scenario applied last and what it made of the settings, by endpoint
/// id: enough to say, at any later moment, whether the settings are still
/// its own (`ScenarioLabel`). Kept until every endpoint is reset.
public struct ScenarioTrace: Sendable, Hashable {
    public let name: String
    /// The scenario (a drill: its steps so far) on the manifest's start.
    var alone: [String: EndpointSetting]
    /// The settings just after it (or a drill's latest step) was applied.
    var applied: [String: EndpointSetting]

    /// Before its first change: `alone` is the manifest's start, `applied`
    /// the rows as they are.
    init(name: String, on rows: [PanelRow]) {
        self.name = name
        self.alone = [:]
        for row in rows { self.alone[row.definition.id] = EndpointSetting(startOf: row.definition) }
        self.applied = Self.byID(rows)
    }

    /// A scenario (a drill's step) applied: `alone` takes it too, `applied`
    /// becomes `rows`' settings.
    mutating func step(_ changes: [Scenario.Setting], rows: [PanelRow]) {
        for row in rows {
            let endpoint = row.definition
            var alone = self.alone[endpoint.id] ?? EndpointSetting(startOf: endpoint)
            for entry in changes where entry.applies(to: endpoint) {
                alone.apply(entry.change, hasSequence: !endpoint.sequence.isEmpty)
            }
            self.alone[endpoint.id] = alone
            self.applied[endpoint.id] = row.setting
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

    /// What the header, `status` and the control API say of `rows`.
    public func label(_ rows: [PanelRow]) -> ScenarioLabel {
        var alone = true
        var asApplied = true
        for row in rows {
            if let expected = self.alone[row.definition.id], expected != row.setting { alone = false }
            if let expected = self.applied[row.definition.id], expected != row.setting { asApplied = false }
        }
        return ScenarioLabel(name: self.name, state: alone ? .alone : asApplied ? .stacked : .changed)
    }

    static func byID(_ rows: [PanelRow]) -> [String: EndpointSetting] {
        var byID: [String: EndpointSetting] = [:]
        for row in rows { byID[row.definition.id] = row.setting }
        return byID
    }
}
