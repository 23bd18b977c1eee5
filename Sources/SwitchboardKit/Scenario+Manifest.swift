import SwitchboardCore

extension Scenario {
    /// The manifest scenarios these make, checked as the manifest loader
    /// checks a file's `scenarios:` (in its words, with the fix written for
    /// code): endpoints that exist, latency profiles that exist, modes that
    /// can be, names that are unique. Problems are added to `problems`.
    static func definitions(
        of scenarios: [Scenario], endpointIDs ids: [String], problems: inout [String]
    ) -> [SwitchboardCore.Scenario] {
        var seen = Set<String>()
        return scenarios.map { scenario in
            if !seen.insert(scenario.name).inserted {
                problems.append("two scenarios are named '\(scenario.name)' — give one another name")
            }
            for setting in scenario.settings {
                Self.check(setting, in: scenario.name, endpointIDs: ids, problems: &problems)
            }
            return SwitchboardCore.Scenario(name: scenario.name, settings: scenario.settings)
        }
    }

    private static func check(
        _ setting: SwitchboardCore.Scenario.Setting, in name: String, endpointIDs ids: [String],
        problems: inout [String]
    ) {
        if setting.target != "*" && !ids.contains(setting.target) {
            let fix =
                EditDistance.suggestion(for: setting.target, among: ids).map { "did you mean '\($0)'?" }
                ?? "use an endpoint id (\(ids.prefix(6).joined(separator: ", "))) or `.all(…)` for all"
            problems.append("scenario '\(name)' names unknown endpoint '\(setting.target)' — \(fix)")
        }
        if case .flaky(let percent) = setting.change.mode, !(0...100).contains(percent) {
            problems.append(
                "scenario '\(name)': unknown mode 'flaky:\(percent)' — flaky takes a percentage from 0 to 100, "
                    + "e.g. `.flaky(percent: 25)`")
        }
        if let profile = setting.change.latency?.profileName,
            !LatencyProfile.builtIns.contains(where: { $0.name == profile })
        {
            let known = LatencyProfile.builtIns.map(\.name)
            let fix =
                EditDistance.suggestion(for: profile, among: known).map { "did you mean '\($0)'?" }
                ?? "profiles: " + known.joined(separator: ", ") + ", or `.noLatency`"
            problems.append("scenario '\(name)': unknown latency profile '\(profile)' — \(fix)")
        }
    }
}
