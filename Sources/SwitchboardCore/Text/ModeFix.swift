extension Mode {
    /// How to mend `text`, which is not a mode: the same sentence wherever
    /// a mode is typed (`check`, the control API and so `switchboard set`).
    public static func fix(forUnknown text: String) -> String {
        if text.lowercased().hasPrefix("flaky") {
            return "flaky takes a percentage from 0 to 100, e.g. 'flaky:25'"
        }
        if let problem = CountRule.problem(with: text) { return problem }
        if let suggestion = EditDistance.suggestion(for: text, among: Mode.names) {
            return "did you mean '\(suggestion)'?"
        }
        return "modes: " + Mode.names.joined(separator: ", ")
    }
}
