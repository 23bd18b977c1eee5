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
        return Self.headerWords.contains { Self.bytes(of: squeezed, contain: $0) }
    }

    /// Whether the query parameter named `name` (decoded, any case)
    /// carries a credential.
    public static func isQueryParameter(_ name: some StringProtocol) -> Bool {
        let squeezed = Self.squeezedLowercase(name)
        if Self.queryNames.contains(squeezed) { return true }
        if Self.queryCursors.contains(where: { Self.bytes(of: squeezed, contain: $0) }) { return false }
        return Self.queryWords.contains { Self.bytes(of: squeezed, contain: $0) }
    }

    /// `target` with the value of each credential in its query replaced by
    /// `replacement(value)` (the value as sent, still percent-encoded);
    /// the path, the other items and their order stay as sent. `nil` when
    /// the query holds no credential, so the common request costs no copy.
    public static func maskingQuery(in target: String, with replacement: (Substring) -> String) -> String? {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        let query = target[target.index(after: mark)...]
        // Built only once a credential is found: the screen masks every
        // request it takes in, and most have none.
        // Split by bytes: `&` and `=` are ASCII, and a character-wise split
        // of a 60KB query costs more than the rest of a log line.
        var masked: String?
        var copied = target.startIndex
        for item in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
            guard let equals = item.firstIndex(of: UInt8(ascii: "=")),
                Self.isQueryParameter(PercentDecoding.decode(target[item.startIndex..<equals], plusIsSpace: true))
            else { continue }
            let value = target[item.index(after: equals)..<item.endIndex]
            guard !value.isEmpty else { continue }
            masked = (masked ?? "") + target[copied..<value.startIndex] + replacement(value)
            copied = value.endIndex
        }
        guard let masked else { return nil }
        return masked + target[copied...]
    }

    /// `target` with query credentials reading `REDACTED`, as HAR files,
    /// JSON lines and the control API give them.
    public static func redactingQuery(in target: String) -> String {
        Self.maskingQuery(in: target) { _ in Self.redacted } ?? target
    }

    /// What a redacted value reads.
    public static let redacted = "REDACTED"

    /// `squeezed(name.lowercased())`, without the two copies for a name
    /// in ASCII (nearly every name).
    private static func squeezedLowercase(_ name: some StringProtocol) -> String {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return Self.squeezed(name.lowercased()) }
        return String(unsafeUninitializedCapacity: name.utf8.count) { buffer in
            var count = 0
            for byte in name.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
                buffer[count] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
                count += 1
            }
            return count
        }
    }

    /// Whether `word` (ASCII) occurs in `text`, compared as bytes: the
    /// screen asks this of every query item of every request it takes in,
    /// and `String.contains` compares characters, at several times the cost.
    /// (A byte match may also find a word a combining mark follows, which
    /// only hides one value more.)
    private static func bytes(of text: String, contain word: String) -> Bool {
        var text = text
        var word = word
        return text.withUTF8 { text in
            word.withUTF8 { word in
                guard word.count <= text.count else { return false }
                return (0...(text.count - word.count)).contains { start in
                    (0..<word.count).allSatisfy { text[start + $0] == word[$0] }
                }
            }
        }
    }

    private static func squeezed(_ lowered: String) -> String {
        lowered.filter { $0 != "-" && $0 != "_" }
    }
}
