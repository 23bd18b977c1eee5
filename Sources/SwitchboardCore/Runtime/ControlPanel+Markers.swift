import SwitchboardModel

/// What a change does to settings, and the marker lines that say so.
extension ControlPanel {
    /// `rows` with a scenario's (or a drill step's) entries applied in
    /// order; a count rule one sets starts its count.
    static func applying(_ changes: [Scenario.Setting], to rows: [PanelRow]) -> [PanelRow] {
        var rows = rows
        for change in changes {
            for index in rows.indices { rows[index].apply(change) }
        }
        return rows
    }

    /// `all → server_error; login → latency 3g`: what a scenario or a drill
    /// step changes, as its marker says it.
    static func marker(_ settings: [Scenario.Setting]) -> String {
        settings.map { setting in
            (setting.target == "*" ? "all" : setting.target) + " → " + (setting.changes ?? "unchanged")
        }.joined(separator: "; ")
    }

    /// A reset's marker: back to the manifest's setting, which is not the
    /// `reset` fault (`login → reset`).
    static let backToStart = "back to the manifest"
}
