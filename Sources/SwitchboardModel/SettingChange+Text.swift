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

    /// One key's part of `changes`: the mode alone, `latency 3g`, `rate
    /// limit 5/s`, `rate limit 5/s per X-Client`, `rate limit per X-Client`
    /// (the key alone), `rate limit per endpoint`, `rate limit off`,
    /// `toxics slicer`.
    private static func phrase(of key: SettingKey, _ word: (SettingKey) -> String?) -> String? {
        switch key {
        case .mode: return word(.mode)
        case .latency: return word(.latency).map { "latency " + $0 }
        case .rateLimit:
            // `none` is one bucket for the endpoint.
            let header = word(.rateLimitKey).map { $0 == "none" ? "endpoint" : $0 }
            guard let limit = word(.rateLimit) else { return header.map { "rate limit per \($0)" } }
            return limit == "off" ? "rate limit off" : "rate limit " + RateLimitKeyChoice.limitText(limit, key: header)
        // Said with the limit it keys.
        case .rateLimitKey: return nil
        case .toxics: return word(.toxics).map { "toxics " + $0 }
        }
    }
}
