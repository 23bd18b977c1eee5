extension JournalEntry {
    /// Why the request got what it got, when its status alone misleads:
    /// `no fixture episodes/99.json` (a success that found no file),
    /// `needs ?lat&lon` (an unmatched request on the right path). The same
    /// words in the log line, the `serve` line, HAR's `_switchboard` and
    /// the details view.
    public var reason: String? { self.outcome.reason }

    /// What the request's `Prefer` header chose, in its own words:
    /// `mode=server_error, code=503, latency=3g, toxics=slicer`; `nil` when it chose
    /// nothing and the endpoint's setting answered.
    public var forcedText: String? { self.outcome.forcedText }
}

extension JournalEntry.Outcome {
    /// See `JournalEntry.reason`.
    public var reason: String? {
        if let missing = self.missingFixture { return "no fixture " + missing }
        return self.unmatched?.short
    }

    /// See `JournalEntry.forcedText`.
    public var forcedText: String? {
        guard !self.forced.isEmpty else { return nil }
        var parts: [String] = []
        if let mode = self.forced.mode { parts.append("mode=" + mode.name) }
        if let answer = self.forced.answer { parts.append(answer) }
        if self.forced.latency { parts.append("latency=" + (self.latency ?? "none")) }
        if self.forced.toxics { parts.append("toxics=" + (self.toxics.isEmpty ? "none" : self.toxics.description)) }
        return parts.joined(separator: ", ")
    }
}
