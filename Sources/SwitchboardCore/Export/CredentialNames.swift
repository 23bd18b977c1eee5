/// Which headers and query parameters carry credentials. One list, read by
/// everything that shows or sends a request onward — the screen's masking,
/// HAR files, `serve`'s JSON lines, the control API's redacted views and
/// the clipboard's curl command — so a shared file never shows what the
/// shared screen hides.
public enum CredentialNames {
    /// Headers that are credentials whatever their value.
    static let headers: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token",
    ]

    /// Words that, found in a header's name (dashes and underscores
    /// ignored), make it a key or token: `X-Goog-Api-Key`,
    /// `X-Session-Token`. Hiding one too many costs a key press on screen;
    /// one too few leaks in a demo or a shared file.
    static let headerWords = ["apikey", "token", "secret", "password", "session", "signature", "xauth"]

    /// Query parameter names (dashes and underscores ignored) that are
    /// credentials on their own: `key=` (Google), `sig=` (Azure SAS).
    static let queryNames: Set<String> = ["key", "sig", "pwd", "passwd", "auth", "sid"]

    /// Words that make a query parameter a credential wherever they appear
    /// in its name: `api_key`, `access_token`, `client_secret`,
    /// `X-Amz-Signature`, `X-Amz-Credential`.
    static let queryWords = ["apikey", "token", "secret", "password", "signature", "credential", "session"]

    /// Names with a credential word that are not credentials: paging
    /// cursors, which a reader of a log needs to see.
    static let queryCursors = ["pagetoken", "continuationtoken", "synctoken", "cursor"]

    /// Whether the header named `name` (any case) carries a credential.
    public static func isHeader(_ name: some StringProtocol) -> Bool {
        let lowered = name.lowercased()
        if Self.headers.contains(lowered) { return true }
        let squeezed = Self.squeezed(lowered)
        return Self.headerWords.contains { squeezed.contains($0) }
    }

    /// Whether the query parameter named `name` (decoded, any case)
    /// carries a credential.
    public static func isQueryParameter(_ name: some StringProtocol) -> Bool {
        let squeezed = Self.squeezed(name.lowercased())
        if Self.queryNames.contains(squeezed) { return true }
        if Self.queryCursors.contains(where: { squeezed.contains($0) }) { return false }
        return Self.queryWords.contains { squeezed.contains($0) }
    }

    /// `target` with the value of each credential in its query replaced by
    /// `replacement(value)` (the value as sent, still percent-encoded);
    /// the path, the other items and their order stay as sent. `nil` when
    /// the query holds no credential, so the common request costs no copy.
    public static func maskingQuery(in target: String, with replacement: (Substring) -> String) -> String? {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        let query = target[target.index(after: mark)...]
        var items: [String] = []
        var changed = false
        for item in query.split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = item.firstIndex(of: "="),
                Self.isQueryParameter(PercentDecoding.decode(item[..<equals], plusIsSpace: true))
            else {
                items.append(String(item))
                continue
            }
            let value = item[item.index(after: equals)...]
            items.append(String(item[...equals]) + (value.isEmpty ? "" : replacement(value)))
            changed = changed || !value.isEmpty
        }
        guard changed else { return nil }
        return String(target[...mark]) + items.joined(separator: "&")
    }

    /// `target` with query credentials reading `REDACTED`, as HAR files,
    /// JSON lines and the control API give them.
    public static func redactingQuery(in target: String) -> String {
        Self.maskingQuery(in: target) { _ in Self.redacted } ?? target
    }

    /// What a redacted value reads.
    public static let redacted = "REDACTED"

    private static func squeezed(_ lowered: String) -> String {
        lowered.filter { $0 != "-" && $0 != "_" }
    }
}
