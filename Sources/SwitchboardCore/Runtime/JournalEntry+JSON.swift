extension JournalEntry {
    /// One line of JSON: what `serve` prints per request (and what `--log`
    /// appends). Keys are stable; `null` where a value does not apply.
    public var jsonLine: String {
        let (path, query) = Self.split(self.target)
        var fields: [(String, String)] = [
            ("time", JSONText.quoted(Timestamp.iso8601(self.time))),
            ("method", JSONText.quoted(self.method)),
            ("path", JSONText.quoted(path)),
            ("query", JSONText.quoted(query)),
            ("status", self.status == 0 ? "null" : String(self.status)),
            ("duration_ms", Self.decimal(self.duration.milliseconds)),
            ("delay_ms", Self.decimal(self.injectedDelay.milliseconds)),
            ("endpoint", self.endpointID.map(JSONText.quoted) ?? "null"),
            ("mode", self.mode.map { JSONText.quoted($0.name) } ?? "null"),
            ("setting", (self.setting ?? self.mode).map { JSONText.quoted($0.name) } ?? "null"),
            ("latency", self.latency.map(JSONText.quoted) ?? "null"),
            ("unmatched", self.unmatched == nil ? "false" : "true"),
        ]
        if let unmatched = self.unmatched {
            fields.append(("closest", unmatched.closest.map(JSONText.quoted) ?? "null"))
        }
        return "{" + fields.map { JSONText.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    private static func split(_ target: String) -> (String, String) {
        guard let mark = target.firstIndex(of: "?") else { return (target, "") }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }

    /// Milliseconds with three decimals, no exponent.
    private static func decimal(_ value: Double) -> String {
        String(format1: value, decimals: 3)
    }
}
