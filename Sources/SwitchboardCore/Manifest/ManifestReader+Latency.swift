import SwitchboardModel
import Yams

extension ManifestReader {
    static let latencyKeys = ["delay", "jitter", "median", "sigma", "max", "bandwidth", "faults"]

    mutating func readLatencyProfiles(_ node: Node) -> [LatencyProfile] {
        guard let entries = self.mapping(node, what: "'latency_profiles'") else { return [] }
        var profiles: [LatencyProfile] = []
        for entry in entries {
            let name = entry.key
            if LatencyChoice.noneNames.contains(name) {
                self.report(at: entry.keyNode, "'\(name)' is reserved for 'no added latency'", fix: "pick another name")
                continue
            }
            // `slow: 2s` is shorthand for `slow: { delay: 2s }`.
            if case .scalar = entry.value {
                if let delay = self.delay(entry.value, what: "latency profile '\(name)'") {
                    profiles.append(LatencyProfile(name: name, delay: delay))
                } else {
                    self.brokenProfiles.insert(name)
                }
                continue
            }
            guard let fields = self.mapping(entry.value, what: "latency profile '\(name)'") else {
                self.brokenProfiles.insert(name)
                continue
            }
            self.checkKeys(fields, allowed: Self.latencyKeys, in: "latency profile '\(name)'")
            if let profile = self.readProfile(name: name, fields: fields, at: entry.keyNode) {
                profiles.append(profile)
            } else {
                self.brokenProfiles.insert(name)
            }
        }
        return profiles
    }

    private mutating func readProfile(name: String, fields: [MappingEntry], at node: Node) -> LatencyProfile? {
        var profile = LatencyProfile(name: name, delay: .none)
        var valid = true
        if let delayNode = fields.value(for: "delay") {
            if let median = fields.entry(for: "median") {
                self.report(
                    at: median.keyNode, "latency profile '\(name)' has both 'delay' and 'median'",
                    fix: "use 'delay' for a fixed or uniform delay, or 'median' and 'sigma' for a lognormal one")
                valid = false
            }
            if let delay = self.delay(delayNode, what: "delay") { profile.delay = delay } else { valid = false }
        } else if let medianNode = fields.value(for: "median") {
            let median = self.duration(medianNode, what: "median")
            var sigma = 0.5
            if let sigmaNode = fields.value(for: "sigma") {
                if let text = self.string(sigmaNode, what: "sigma"), let value = DecimalText.parse(text), value > 0,
                    value <= 4
                {
                    sigma = value
                } else {
                    self.report(
                        at: sigmaNode, "sigma should be a number above 0 and at most 4",
                        fix: "0.3 is a narrow spread, 1.0 a long tail")
                    valid = false
                }
            }
            var cap: Duration?
            if let maxNode = fields.value(for: "max") {
                cap = self.duration(maxNode, what: "max")
                if let cap, let median, cap < median {
                    self.report(
                        at: maxNode, "max is below the median", fix: "raise 'max' above \(DurationText.format(median))")
                    valid = false
                }
            }
            if let median { profile.delay = .lognormal(median: median, sigma: sigma, max: cap) } else { valid = false }
        } else {
            for key in ["sigma", "max"] {
                if let entry = fields.entry(for: key) {
                    self.report(
                        at: entry.keyNode, "'\(key)' only applies with 'median'",
                        fix: "add 'median:', e.g. 'median: 120ms'")
                    valid = false
                }
            }
        }
        if let jitterNode = fields.value(for: "jitter") {
            if let jittered = self.jitter(jitterNode, around: profile.delay, name: name) {
                profile.delay = jittered
            } else {
                valid = false
            }
        }
        if let faultsNode = fields.value(for: "faults") {
            if let faults = self.networkFaults(faultsNode, name: name) {
                profile.faults = faults
            } else {
                valid = false
            }
        }
        if let bandwidthNode = fields.value(for: "bandwidth") {
            if let text = self.string(bandwidthNode, what: "bandwidth"), let rate = RateText.parse(text) {
                profile.bandwidth = rate
            } else {
                self.report(
                    at: bandwidthNode,
                    "bandwidth '\(self.string(bandwidthNode, what: "bandwidth") ?? "")' is not a rate",
                    fix: "write bytes per second with a unit: '16KB/s', '1.5MB/s', '500B/s', '56kbit/s'")
                valid = false
            }
        }
        if valid, profile.delay == .none, profile.bandwidth == nil, profile.faults.isEmpty {
            self.report(
                at: node, "latency profile '\(name)' adds no latency",
                fix: "give it 'delay', 'median', 'bandwidth' or 'faults'")
            valid = false
        }
        return valid ? profile : nil
    }

    /// `2s` or `100ms..1500ms`.
    mutating func delay(_ node: Node, what: String) -> DelayDistribution? {
        guard let text = self.string(node, what: what) else { return nil }
        if let range = text.range(of: "..") {
            let low = DurationText.parse(String(text[..<range.lowerBound]))
            let high = DurationText.parse(String(text[range.upperBound...]))
            guard let low, let high else {
                self.report(
                    at: node, "\(what) '\(text)' is not a range of durations", fix: "write e.g. '100ms..1500ms'")
                return nil
            }
            guard low <= high else {
                self.report(at: node, "\(what) '\(text)' ends before it starts", fix: "put the smaller duration first")
                return nil
            }
            return .uniform(low, high)
        }
        return self.duration(node, what: what).map(DelayDistribution.fixed)
    }

    mutating func duration(_ node: Node, what: String) -> Duration? {
        guard let text = self.string(node, what: what) else { return nil }
        switch DurationText.read(text) {
        case .success(let value): return value
        case .failure(let problem):
            self.report(at: node, "\(what) \(problem)", fix: problem.fix)
            return nil
        }
    }

    /// Checks a profile name used by an endpoint or scenario; `nil` when
    /// it is unknown (and reported) or its profile is broken.
    mutating func latencyChoice(_ node: Node, profiles: [LatencyProfile], what: String) -> LatencyChoice? {
        guard let name = self.string(node, what: what) else { return nil }
        let choice = LatencyChoice(name: name)
        if choice == .noLatency { return choice }
        if self.brokenProfiles.contains(name) { return nil }
        if profiles.contains(where: { $0.name == name }) || LatencyProfile.builtIns.contains(where: { $0.name == name })
        {
            return choice
        }
        let known = profiles.map(\.name) + self.brokenProfiles.sorted() + LatencyProfile.builtIns.map(\.name)
        let fix: String
        if let suggestion = EditDistance.suggestion(for: name, among: known + ["none"]) {
            fix = "did you mean '\(suggestion)'?"
        } else {
            fix = "profiles: " + known.joined(separator: ", ") + ", or 'none'"
        }
        self.report(at: node, "unknown latency profile '\(name)'", fix: fix)
        return nil
    }

    mutating func mode(_ node: Node, what: String) -> Mode? {
        guard let text = self.string(node, what: what) else { return nil }
        if let mode = Mode(name: text) { return mode }
        self.report(at: node, "unknown mode '\(text)'", fix: Mode.fix(forUnknown: text))
        return nil
    }
}
