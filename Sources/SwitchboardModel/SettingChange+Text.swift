/// What a change says, in words: one phrasing for the log's marker lines,
/// the `s` picker, `switchboard scenario` and `GET …/scenarios`' readers.
extension SettingChange {
    /// `server_error, latency 3g, rate limit 5/s per X-Client, toxics
    /// slicer`: what it changes; `nil` when nothing.
    public var changes: String? { Self.changes { self.word(for: $0) } }

    /// The same words for a change written as text (`word` gives each key's
    /// word, as `word(for:)` does), as a scenario listing carries it.
    public static func changes(_ word: (SettingKey) -> String?) -> String? {
        let parts = SettingKey.allCases.compactMap { Self.phrase(of: $0, word) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
