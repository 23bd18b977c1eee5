import Yams

extension ManifestReader {
    static let scenarioSettingKeys = ["mode", "latency"]

    mutating func readScenarios(
        _ node: Node, endpoints: [EndpointDefinition], profiles: [LatencyProfile]
    ) -> [Scenario] {
        guard let entries = self.mapping(node, what: "'scenarios'") else { return [] }
        let ids = endpoints.map(\.id)
        var scenarios: [Scenario] = []
        for entry in entries {
            guard let targets = self.mapping(entry.value, what: "scenario '\(entry.key)'") else { continue }
            var settings: [Scenario.Setting] = []
            for target in targets {
                if target.key != "*" && !ids.contains(target.key) {
                    let fix =
                        EditDistance.suggestion(for: target.key, among: ids).map { "did you mean '\($0)'?" }
                        ?? "use an endpoint id (\(ids.prefix(6).joined(separator: ", "))) or '*' for all"
                    self.report(
                        at: target.keyNode, "scenario '\(entry.key)' names unknown endpoint '\(target.key)'", fix: fix)
                    continue
                }
                guard let fields = self.mapping(target.value, what: "'\(target.key)' in scenario '\(entry.key)'")
                else { continue }
                self.checkKeys(fields, allowed: Self.scenarioSettingKeys, in: "scenario '\(entry.key)'")
                var setting = Scenario.Setting(target: target.key, mode: nil, latency: nil)
                if let mode = fields.value(for: "mode") { setting.mode = self.mode(mode, what: "mode") }
                if let latency = fields.value(for: "latency") {
                    // A scenario may clear latency explicitly with 'none'.
                    setting.latency = self.latencyChoice(latency, profiles: profiles, what: "latency")
                }
                settings.append(setting)
            }
            scenarios.append(Scenario(name: entry.key, settings: settings))
        }
        return scenarios
    }
}
