public import SwitchboardModel

extension Mode {
    /// `unknown mode 'eror' — did you mean 'error'?`: the control API's
    /// refusal, and `switchboard set`'s, which reads the mode as it does.
    public static func unknown(_ text: String) -> String {
        "unknown mode '\(text)' — " + Self.fix(forUnknown: text)
    }

    /// How to mend `text`, which is not a mode: the same sentence wherever
    /// a mode is typed (`check`, the control API and so `switchboard set`).
    public static func fix(forUnknown text: String) -> String {
        if text.lowercased().hasPrefix("flaky") {
            return "flaky takes a percentage from 0 to 100, e.g. 'flaky:25'"
        }
        if let other = self.otherSetting(text) { return other }
        if let suggestion = self.ruleWithFailureMended(text) { return "did you mean '\(suggestion)'?" }
        if let fix = self.ruleWithModeMisspelt(text) { return fix }
        if let problem = CountRule.problem(with: text) { return problem }
        if let suggestion = EditDistance.suggestion(for: text, among: Mode.names) {
            return "did you mean '\(suggestion)'?"
        }
        return "modes: " + Mode.names.joined(separator: ", ")
    }

    /// `rate_limit:5/s`, `slicer`, `lossy-3g`: a setting of another kind
    /// written where a mode goes (the issue's own spelling puts them side by
    /// side), which says where it goes instead.
    private static func otherSetting(_ text: String) -> String? {
        let lowered = text.lowercased()
        for prefix in ["rate_limit:", "rate-limit:", "ratelimit:"] where lowered.hasPrefix(prefix) {
            return "'\(text)' is a rate limit, not a mode: give '\(text.dropFirst(prefix.count))' as "
                + "rate_limit (manifest, control API) or --rate-limit (switchboard set)"
        }
        if case .success = Toxics.parseList(text) {
            return "'\(text)' is a connection toxic, not a mode: give it as toxics (manifest, control API), "
                + "--toxic (switchboard set) or Prefer: toxics="
        }
        if lowered.hasPrefix("jitter") { return ToxicProblem.jitterIsAProfile }
        if LatencyProfile.builtIns.contains(where: { $0.name == lowered }) {
            return "'\(text)' is a latency profile, not a mode: give it as latency (manifest, control API), "
                + "--latency (switchboard set) or Prefer: latency="
        }
        return nil
    }

    /// `after:3:sucess`: a valid rule whose failure is one typo away from
    /// a mode it cannot fail with. Says both, so the typo is not left
    /// unnamed behind the list of failures.
    private static func ruleWithModeMisspelt(_ text: String) -> String? {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let rule = CountRule(name: "\(parts[0]):\(parts[1])"),
            Mode(name: String(parts[2])) == nil,
            let mode = EditDistance.suggestion(for: String(parts[2]), among: Mode.names)
        else { return nil }
        let failures = CountRule.Failure.allCases.map(\.name).joined(separator: ", ")
        return "'\(parts[2])' is not a mode (did you mean '\(mode)'?), and \(rule.kind.rawValue) can fail only "
            + "with a mode that answers on its own: \(failures)"
    }

    /// `fail_first:2:rest` → `fail_first:2:reset`: a valid rule whose
    /// failure is one typo away from a mode it can fail with. A real mode
    /// it cannot fail with (`flaky`) gets `CountRule.problem`'s list.
    private static func ruleWithFailureMended(_ text: String) -> String? {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, CountRule(name: "\(parts[0]):\(parts[1])") != nil,
            Mode(name: String(parts[2])) == nil,
            let failure = EditDistance.suggestion(
                for: String(parts[2]), among: CountRule.Failure.allCases.map(\.name))
        else { return nil }
        return "\(parts[0].lowercased()):\(parts[1]):\(failure)"
    }
}
