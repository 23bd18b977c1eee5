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
                let rows = Self.applying(scenario.settings, to: current.rows)
                markers.append(("scenario \(name)" + stopped + ": " + Self.marker(scenario.settings), origin))
                var trace = ScenarioTrace(name: name, on: current.rows)
                trace.step(scenario.settings, rows: rows)
                return current.with(rows: rows, scenario: trace, drill: nil)
            }
            markers.append(("drill \(name) started" + stopped, origin))
            let run = DrillRun(scenario, startedAt: self.now())
            // Before its first step a drill stands on the manifest's start
            // (or, stacked, on what was there).
            let trace = ScenarioTrace(name: name, on: current.rows)
            let started = current.with(rows: current.rows, scenario: trace, drill: run)
            return Self.advancing(started, at: run.startedAt, markers: &markers)
        }
        // A scenario is a known state to start from: resources too.
        self.resources.restore()
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
        var rows = current.rows
        var renewed = Set<Int>()
        var trace = current.scenario
        for (number, step) in due {
            switch step.action {
            case .apply(let changes):
                // After a `reset: all` step the drill starts again from the
                // manifest's start.
                if trace == nil { trace = ScenarioTrace(name: drill.name, on: rows) }
                rows = Self.applying(changes, to: rows)
                trace?.step(changes, rows: rows)
                markers.append((Self.marker(changes), .drill(drill.name, step: number)))
            case .resetAll:
                for index in rows.indices { rows[index].reset() }
                renewed = Set(rows.indices)
                // Every endpoint is back at the start: no scenario is in
                // force, whatever the drill's name.
                trace = nil
                markers.append(("all → \(Self.backToStart)", .drill(drill.name, step: number)))
            }
        }
        // A finished drill leaves the header; its scenario name stays
        // unless its last step reset everything.
        return current.with(
            rows: rows, scenario: trace, drill: drill.isFinished ? nil : drill,
            renewingLimits: renewed)
    }
}
