import SwitchboardControl

/// What `switchboard scenario` prints: a drill is not applied but started,
/// and runs for a while, so it says how long and how to stop it.
enum ScenarioText {
    /// `drill bad-day started: 3 steps over 40 s; …`
    static func started(_ drill: DrillStatus) -> String {
        "drill \(drill.name) started: \(self.steps(drill.steps)) over \(self.seconds(drill.lengthMS));"
            + " `switchboard reset` stops it"
    }

    /// One scenario a line; a drill's steps under it, one a line.
    static func list(_ scenarios: [ScenarioInfo]) -> String {
        scenarios.map { scenario in
            guard let steps = scenario.steps else { return scenario.name }
            let length = self.seconds(steps.last?.atMS ?? 0)
            let header = "\(scenario.name)  (drill: \(self.steps(steps.count)) over \(length))"
            let width = steps.map { self.seconds($0.atMS).count }.max() ?? 0
            return
                ([header]
                + steps.map { step in
                    let at = self.seconds(step.atMS)
                    return "  at " + at + String(repeating: " ", count: width - at.count) + "  " + self.sets(step)
                }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// `login: server_error`, `*: latency 3g`, `reset all`.
    static func sets(_ step: ScenarioInfo.Step) -> String {
        if step.resetAll { return "reset all" }
        return step.settings.map { setting in
            let parts = [setting.mode, setting.latency.map { "latency \($0)" }].compactMap { $0 }
            return "\(setting.endpoint): " + (parts.isEmpty ? "unchanged" : parts.joined(separator: ", "))
        }.joined(separator: "; ")
    }

    private static func steps(_ count: Int) -> String {
        count == 1 ? "1 step" : "\(count) steps"
    }

    /// `40 s`, `1.5 s`.
    private static func seconds(_ milliseconds: Int) -> String {
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        let tenths = (milliseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
