import SwitchboardModel

/// What a scenario sets, in words: one phrasing for the `s` picker,
/// `switchboard scenario`, and the log's marker lines, so a scenario reads
/// the same wherever it is named.
extension ScenarioInfo {
    /// `all: server_error · login: latency 3g`; for a drill,
    /// `drill: 3 steps over 40 s · at 0 s all: latency 3g · … · at 40 s reset all`.
    public var summary: String {
        guard let steps = self.steps else { return Setting.lines(self.settings, separator: " · ") }
        return ([Self.drillLength(steps)] + steps.map { "at \(Self.seconds($0.atMS)) \($0.sets)" })
            .joined(separator: " · ")
    }

    /// `drill: 3 steps over 40 s`.
    public static func drillLength(_ steps: [Step]) -> String {
        "drill: \(Self.stepCount(steps.count)) over \(Self.seconds(steps.last?.atMS ?? 0))"
    }

    /// `1 step`, `3 steps`.
    public static func stepCount(_ count: Int) -> String {
        count == 1 ? "1 step" : "\(count) steps"
    }

    /// `40 s`, `1.5 s`.
    public static func seconds(_ milliseconds: Int) -> String {
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        let tenths = (milliseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }
}

extension ScenarioInfo.Step {
    /// `login: server_error; all: latency 3g`, or `reset all`.
    public var sets: String {
        self.resetAll ? "reset all" : ScenarioInfo.Setting.lines(self.settings, separator: "; ")
    }
}

extension ScenarioInfo.Setting {
    /// `server_error, latency 3g, rate limit 5/s per X-Client, toxics
    /// slicer`: what it changes (`SettingChange.changes`); `nil` when
    /// nothing.
    public var changes: String? { self.change.changes }

    /// `all: server_error`, `login: latency 3g`.
    public var line: String {
        (self.endpoint == "*" ? "all" : self.endpoint) + ": " + (self.changes ?? "nothing")
    }

    static func lines(_ settings: [Self], separator: String) -> String {
        settings.map(\.line).joined(separator: separator)
    }
}
