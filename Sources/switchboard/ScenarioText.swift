import SwitchboardControl

/// What `switchboard scenario` prints: a drill is not applied but started,
/// and runs for a while, so it says how long and how to stop it. What a
/// scenario or a step sets is `ScenarioInfo`'s phrase, as on the screen.
enum ScenarioText {
    /// `drill bad-day started: 3 steps over 40 s; …`
    static func started(_ drill: DrillStatus) -> String {
        "drill \(drill.name) started: \(ScenarioInfo.stepCount(drill.steps))"
            + " over \(ScenarioInfo.seconds(drill.lengthMS)); `switchboard reset` stops it"
    }

    /// One scenario a line with what it sets; a drill's steps under it,
    /// one a line.
    static func list(_ scenarios: [ScenarioInfo]) -> String {
        scenarios.map { scenario in
            guard let steps = scenario.steps else { return "\(scenario.name)  \(scenario.summary)" }
            let header = "\(scenario.name)  (\(ScenarioInfo.drillLength(steps)))"
            let width = steps.map { ScenarioInfo.seconds($0.atMS).count }.max() ?? 0
            return
                ([header]
                + steps.map { step in
                    let at = ScenarioInfo.seconds(step.atMS)
                    return "  at " + at + String(repeating: " ", count: width - at.count) + "  " + step.sets
                }).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
