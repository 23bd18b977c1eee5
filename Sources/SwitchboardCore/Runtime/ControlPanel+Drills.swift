/// Scenarios applied at once, and drills: scenarios whose steps fall due
/// over time.
extension ControlPanel {
    /// Applies a named scenario on top of the current settings, or starts
    /// a drill (its steps due now are applied at once; `advanceDrill` the
    /// rest). Either stops a drill that was running, where it is.
    public func applyScenario(named name: String, origin: ChangeOrigin = .code) throws(ControlError) {
        try self.change { (current, markers) throws(ControlError) in
            guard let scenario = current.manifest.scenarios.first(where: { $0.name == name }) else {
                throw ControlError.unknownScenario(name, known: current.manifest.scenarios.map(\.name))
            }
            let stopped = current.drill.map { ", drill \($0.name) stopped" } ?? ""
            guard scenario.isDrill else {
                let settings = Self.applying(
                    scenario.settings, to: current.settings, of: current.manifest, counters: current.counters)
                markers.append(("scenario \(name)" + stopped + ": " + Self.marker(scenario.settings), origin))
                let start = current.manifest.endpoints.map(EndpointSetting.init(startOf:))
                let trace = ScenarioTrace(
                    name: name, alone: scenario.applied(to: start, endpoints: current.manifest.endpoints),
                    applied: settings, endpoints: current.manifest.endpoints)
                return current.with(settings: settings, scenario: trace, drill: nil)
            }
            markers.append(("drill \(name) started" + stopped, origin))
            let run = DrillRun(scenario, startedAt: self.now())
            // Before its first step a drill stands on the manifest's start
            // (or, stacked, on what was there).
            let trace = ScenarioTrace(
                name: name, alone: current.manifest.endpoints.map(EndpointSetting.init(startOf:)),
                applied: current.settings, endpoints: current.manifest.endpoints)
            let started = current.with(settings: current.settings, scenario: trace, drill: run)
            return Self.advancing(started, at: run.startedAt, markers: &markers)
        }
    }

    /// Applies the running drill's steps that are due now. The server's
    /// event loop calls it when `snapshot().drill?.nextDue` comes; calling
    /// it early or with no drill running changes nothing.
    public func advanceDrill() {
        let now = self.now()
        guard let next = self.snapshot().drill?.nextDue, next <= now else { return }
        self.change { current, markers in
            Self.advancing(current, at: now, markers: &markers)
        }
    }

    private static func advancing(
        _ current: PanelSnapshot, at now: Double, markers: inout [(String, ChangeOrigin)]
    ) -> PanelSnapshot {
        guard var drill = current.drill else { return current }
        let due = drill.takeDue(at: now)
        guard !due.isEmpty else { return current }
        var settings = current.settings
        var renewed = Set<Int>()
        var trace = current.scenario
        for (number, step) in due {
            switch step.action {
            case .apply(let changes):
                settings = Self.applying(changes, to: settings, of: current.manifest, counters: current.counters)
                // After a `reset: all` step the drill starts again from the
                // manifest's start.
                if trace == nil {
                    trace = ScenarioTrace(
                        name: drill.name, alone: current.manifest.endpoints.map(EndpointSetting.init(startOf:)),
                        applied: settings, endpoints: current.manifest.endpoints)
                }
                trace?.step(changes, settings: settings, endpoints: current.manifest.endpoints)
                markers.append((Self.marker(changes), .drill(drill.name, step: number)))
            case .resetAll:
                for index in settings.indices {
                    settings[index] = EndpointSetting(startOf: current.manifest.endpoints[index])
                    current.counters[index].restartSequence()
                    current.counters[index].restartRule()
                }
                renewed = Set(settings.indices)
                // Every endpoint is back at the start: no scenario is in
                // force, whatever the drill's name.
                trace = nil
                markers.append(("all → \(Self.backToStart)", .drill(drill.name, step: number)))
            }
        }
        // A finished drill leaves the header; its scenario name stays
        // unless its last step reset everything.
        return current.with(
            settings: settings, scenario: trace, drill: drill.isFinished ? nil : drill,
            renewingLimits: renewed)
    }
}
