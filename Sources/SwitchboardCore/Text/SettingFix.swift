public import SwitchboardModel

/// How to mend a toxic or a rate limit that does not parse: the same
/// words wherever one is typed (`check`, `switchboard set`), as `Mode.fix`
/// is for modes.
extension ToxicProblem {
    /// `did you mean 'slicer'?` for a near miss of a toxic's name; `nil`
    /// for a known toxic with a bad figure, whose `reason` says what it
    /// takes.
    public var fix: String? {
        guard self.name == nil else { return nil }
        let name = String(self.text.split(separator: ":", maxSplits: 1).first ?? "")
        if name.lowercased() == "jitter" { return Self.jitterIsAProfile }
        return EditDistance.suggestion(for: name.lowercased(), among: Toxics.toxicNames).map { "did you mean '\($0)'?" }
    }

    /// Toxiproxy has a jitter toxic; here jitter is part of a latency
    /// profile, which says so wherever someone reaches for it.
    public static let jitterIsAProfile =
        "jitter belongs to a latency profile: declare one under latency_profiles "
        + "(e.g. 'wobbly: { delay: 200ms, jitter: 50ms }') and set it as the latency"

    /// `'slicr' is not a toxic: toxics: … — did you mean 'slicer'?`
    public var sentence: String {
        self.description + (self.fix.map { " — " + $0 } ?? "")
    }
}

extension RateLimitChoice {
    /// The units `RateLimit(text:)` reads after the slash, the ones to
    /// suggest first where two are as near (`5/mn` → `5/min`).
    private static let units = ["s", "min", "sec", "second", "m", "minute"]

    /// How to mend `text`, which is not a rate limit: a near miss of a
    /// unit or of `off` gets "did you mean", anything else the spelling.
    public static func fix(forUnknown text: String) -> String {
        let lowered = text.lowercased()
        let spelling = "write \(RateLimit.spelling) (at most \(RateLimit.maxCount)), or 'off'"
        let count = String(lowered.prefix { $0.isNumber })
        var unit = Substring(lowered.dropFirst(count.count))
        if !count.isEmpty {
            guard let number = Int(count), (1...RateLimit.maxCount).contains(number) else {
                return "a limit counts from 1 to \(RateLimit.maxCount) requests: " + spelling
            }
            // `5s`, `5 /s`, `5/secs`: the unit alone decides.
            while unit.first == " " || unit.first == "/" { unit.removeFirst() }
            let known =
                Self.units.contains(String(unit))
                ? String(unit) : EditDistance.suggestion(for: String(unit), among: Self.units)
            if let known { return "did you mean '\(count)/\(known)'?" }
            return spelling
        }
        if let none = EditDistance.suggestion(for: lowered, among: ["off"]) { return "did you mean '\(none)'?" }
        return spelling
    }
}
