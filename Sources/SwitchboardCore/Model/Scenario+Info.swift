public import SwitchboardControl

/// A scenario as the control API lists it, which is also what every place
/// that says what a scenario sets reads (`ScenarioInfo.summary`): the
/// picker, `switchboard scenario` and the marker lines agree by sharing it.
extension Scenario {
    public var info: ScenarioInfo {
        ScenarioInfo(
            name: self.name, settings: self.settings.map(\.info),
            steps: self.isDrill ? self.steps.map(\.info) : nil)
    }
}

extension Scenario.Setting {
    public var info: ScenarioInfo.Setting {
        ScenarioInfo.Setting(endpoint: self.target, change: self.change)
    }
}

extension Scenario.Step {
    public var info: ScenarioInfo.Step {
        let at = Int(self.at.components.seconds * 1000 + self.at.components.attoseconds / 1_000_000_000_000_000)
        switch self.action {
        case .apply(let settings): return ScenarioInfo.Step(atMS: at, settings: settings.map(\.info))
        case .resetAll: return ScenarioInfo.Step(atMS: at, settings: [], resetAll: true)
        }
    }
}
