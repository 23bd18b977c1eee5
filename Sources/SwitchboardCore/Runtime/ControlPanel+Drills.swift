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
                return current.with(settings: settings, activeScenario: name, drill: nil)
            }
            markers.append(("drill \(name) started" + stopped, origin))
            let run = DrillRun(scenario, startedAt: self.now())
            let started = current.with(settings: current.settings, activeScenario: name, drill: run)
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
        for (number, step) in due {
            switch step.action {
            case .apply(let changes):
                settings = Self.applying(changes, to: settings, of: current.manifest, counters: current.counters)
                markers.append((Self.marker(changes), .drill(drill.name, step: number)))
            case .resetAll:
                for index in settings.indices {
                    settings[index] = EndpointSetting(startOf: current.manifest.endpoints[index])
                    current.counters[index].restartSequence()
                    current.counters[index].restartRule()
                }
                renewed = Set(settings.indices)
                markers.append(("all → \(Self.backToStart)", .drill(drill.name, step: number)))
            }
        }
        // A finished drill leaves the header; its scenario name stays.
        return current.with(
            settings: settings, activeScenario: drill.name, drill: drill.isFinished ? nil : drill,
            renewingLimits: renewed)
    }
}
