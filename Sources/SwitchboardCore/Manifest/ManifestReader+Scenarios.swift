import SwitchboardModel
import Yams

extension ManifestReader {
    mutating func readScenarios(
        _ node: Node, endpoints: [EndpointDefinition], profiles: [LatencyProfile]
    ) -> [Scenario] {
        guard let entries = self.mapping(node, what: "'scenarios'") else { return [] }
        let ids = endpoints.map(\.id)
        var scenarios: [Scenario] = []
        for entry in entries {
            guard let targets = self.mapping(entry.value, what: "scenario '\(entry.key)'") else { continue }
            // An endpoint may be called `steps`; then its settings win.
            if let steps = targets.entry(for: "steps"), !ids.contains("steps") {
                for other in targets where other.key != "steps" {
                    self.report(
                        at: other.keyNode, "drill '\(entry.key)' mixes 'steps' with settings ('\(other.key)')",
                        fix: "move the settings into a step: '- { at: 0s, \(other.key): { … } }'")
                }
                let drill = self.readSteps(steps.value, drill: entry.key, ids: ids, profiles: profiles)
                scenarios.append(Scenario(name: entry.key, settings: [], steps: drill))
                continue
            }
            let settings = self.readSettings(targets, ids: ids, profiles: profiles, in: "scenario '\(entry.key)'")
            scenarios.append(Scenario(name: entry.key, settings: settings))
        }
        return scenarios
    }

    /// `'*': { latency: 3g }, login: { mode: server_error }`: what a
    /// scenario, or one step of a drill, sets.
    private mutating func readSettings(
        _ targets: [MappingEntry], ids: [String], profiles: [LatencyProfile], in context: String
    ) -> [Scenario.Setting] {
        var settings: [Scenario.Setting] = []
        for target in targets {
            if target.key != "*" && !ids.contains(target.key) {
                let fix =
                    EditDistance.suggestion(for: target.key, among: ids).map { "did you mean '\($0)'?" }
                    ?? "use an endpoint id (\(ids.prefix(6).joined(separator: ", "))) or '*' for all"
                self.report(at: target.keyNode, "\(context) names unknown endpoint '\(target.key)'", fix: fix)
                continue
            }
            guard let fields = self.mapping(target.value, what: "'\(target.key)' in \(context)") else { continue }
            self.checkKeys(fields, allowed: SettingKey.names, in: context)
            let setting = Scenario.Setting(
                target: target.key, change: self.readSettingChange(fields, profiles: profiles))
            settings.append(setting)
        }
        return settings
    }

    /// `- { at: 20s, login: { mode: server_error } }` or
    /// `- { at: 40s, reset: all }`, each `at` later than the one before.
    private mutating func readSteps(
        _ node: Node, drill: String, ids: [String], profiles: [LatencyProfile]
    ) -> [Scenario.Step] {
        let example = "e.g. 'steps: [ { at: 0s, \"*\": { latency: 3g } }, { at: 20s, reset: all } ]'"
        guard case .sequence(let items) = node, !items.isEmpty else {
            self.report(at: node, "'steps' of drill '\(drill)' should be a list of steps", fix: example)
            return []
        }
        var steps: [Scenario.Step] = []
        var previous: Duration?
        for (number, item) in zip(1..., items) {
            let context = "step \(number) of drill '\(drill)'"
            guard var fields = self.mapping(item, what: context) else { continue }
            guard let atEntry = fields.entry(for: "at") else {
                self.report(at: item, "\(context) has no 'at'", fix: "say when it happens: 'at: 20s'")
                continue
            }
            fields.removeAll { $0.key == "at" }
            guard let at = self.duration(atEntry.value, what: "'at' of \(context)") else { continue }
            if let previous, at <= previous {
                self.report(
                    at: atEntry.value,
                    "\(context) is at \(DurationText.format(at)), not after the step before it "
                        + "(\(DurationText.format(previous)))",
                    fix: "list the steps in time order, each 'at' later than the last")
                continue
            }
            previous = at
            if let reset = fields.entry(for: "reset"), !ids.contains("reset") {
                if fields.count > 1 {
                    self.report(
                        at: item, "\(context) both resets and sets endpoints",
                        fix: "put the reset and the settings in two steps")
                }
                if self.string(reset.value, what: "'reset' of \(context)") != "all" {
                    self.report(at: reset.value, "'reset' of \(context) should be 'all'", fix: "write 'reset: all'")
                    continue
                }
                steps.append(Scenario.Step(at: at, action: .resetAll))
                continue
            }
            if fields.isEmpty {
                self.report(
                    at: item, "\(context) sets nothing",
                    fix: "name endpoints as a scenario does ('login: { mode: server_error }'), or 'reset: all'")
                continue
            }
            let settings = self.readSettings(fields, ids: ids, profiles: profiles, in: context)
            steps.append(Scenario.Step(at: at, action: .apply(settings)))
        }
        return steps
    }
}
