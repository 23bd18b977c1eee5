import Yams

extension ManifestReader {
    static let latencyKeys = ["delay"]
    /// Names that mean "no profile" wherever a profile is named.
    static let noLatencyNames: Set<String> = ["none", "-", "off"]

    mutating func readLatencyProfiles(_ node: Node) -> [LatencyProfile] {
        guard let entries = self.mapping(node, what: "'latency_profiles'") else { return [] }
        var profiles: [LatencyProfile] = []
        for entry in entries {
            let name = entry.key
            if Self.noLatencyNames.contains(name) {
                self.report(at: entry.keyNode, "'\(name)' is reserved for 'no added latency'", fix: "pick another name")
                continue
            }
            // `slow: 2s` is shorthand for `slow: { delay: 2s }`.
            if case .scalar = entry.value {
                if let delay = self.duration(entry.value, what: "latency profile '\(name)'") {
                    profiles.append(LatencyProfile(name: name, delay: delay))
                }
                continue
            }
            guard let fields = self.mapping(entry.value, what: "latency profile '\(name)'") else { continue }
            self.checkKeys(fields, allowed: Self.latencyKeys, in: "latency profile '\(name)'")
            guard let delayNode = fields.value(for: "delay") else {
                self.report(at: entry.keyNode, "latency profile '\(name)' has no 'delay'", fix: "add e.g. 'delay: 2s'")
                continue
            }
            if let delay = self.duration(delayNode, what: "delay") {
                profiles.append(LatencyProfile(name: name, delay: delay))
            }
        }
        return profiles
    }

    mutating func duration(_ node: Node, what: String) -> Duration? {
        guard let text = self.string(node, what: what) else { return nil }
        guard let value = DurationText.parse(text) else {
            self.report(
                at: node, "\(what) '\(text)' is not a duration",
                fix: "write a number with a unit: '250ms', '2s', '1.5s', '1m'")
            return nil
        }
        return value
    }

    /// Checks a profile name used by an endpoint or scenario; returns the
    /// name, `nil` for "none", or reports an unknown one.
    mutating func latencyName(_ node: Node, profiles: [LatencyProfile], what: String) -> String?? {
        guard let name = self.string(node, what: what) else { return .none }
        if Self.noLatencyNames.contains(name) { return .some(nil) }
        if profiles.contains(where: { $0.name == name }) { return .some(name) }
        let known = profiles.map(\.name)
        let fix: String
        if let suggestion = EditDistance.suggestion(for: name, among: known + ["none"]) {
            fix = "did you mean '\(suggestion)'?"
        } else if known.isEmpty {
            fix = "declare it under 'latency_profiles:'"
        } else {
            fix = "declared profiles: " + known.joined(separator: ", ") + ", or 'none'"
        }
        self.report(at: node, "unknown latency profile '\(name)'", fix: fix)
        return .none
    }

    mutating func mode(_ node: Node, what: String) -> Mode? {
        guard let text = self.string(node, what: what) else { return nil }
        if let mode = Mode(name: text) { return mode }
        let names = Mode.all.map(\.name)
        let fix: String
        if let suggestion = EditDistance.suggestion(for: text, among: names) {
            fix = "did you mean '\(suggestion)'?"
        } else {
            fix = "modes: " + names.joined(separator: ", ")
        }
        self.report(at: node, "unknown mode '\(text)'", fix: fix)
        return nil
    }
}
