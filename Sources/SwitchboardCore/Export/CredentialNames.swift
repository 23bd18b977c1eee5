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
        if Self.headers.contains(name.lowercased()) { return true }
        var squeezed = Self.squeezedLowercase(name)
        return squeezed.withUTF8 { squeezed in Self.headerWordBytes.contains { Self.bytes(of: squeezed, contain: $0) } }
    }

    /// Whether the query parameter named `name` (decoded, any case)
    /// carries a credential.
    public static func isQueryParameter(_ name: some StringProtocol) -> Bool {
        var squeezed = Self.squeezedLowercase(name)
        return squeezed.withUTF8(Self.isQueryParameter(squeezed:))
    }

    /// The rule for a query parameter's name, decoded, lowercased and
    /// without dashes and underscores (`squeezeLowercase`).
    static func isQueryParameter(squeezed: UnsafeBufferPointer<UInt8>) -> Bool {
        if Self.queryNameBytes.contains(where: { $0.elementsEqual(squeezed) }) { return true }
        if Self.queryCursorBytes.contains(where: { Self.bytes(of: squeezed, contain: $0) }) { return false }
        return Self.queryWordBytes.contains { Self.bytes(of: squeezed, contain: $0) }
    }

    /// `target` with the value of each credential in its query replaced by
    /// `replacement(value)` (the value as sent, still percent-encoded);
    /// the path, the other items and their order stay as sent. `nil` when
    /// the query holds no credential, so the common request costs no copy.
    public static func maskingQuery(in target: String, with replacement: (Substring) -> String) -> String? {
        let ascii = target.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? false
        return Self.maskingQuery(in: target, byCharacter: !ascii, with: replacement)
    }

    /// `maskingQuery`, splitting the query by character when `byCharacter`,
    /// as text that is not ASCII must be (`&` and a combining mark after it
    /// are one character, not a separator); by byte otherwise, which in
    /// ASCII finds the same items without breaking the text into characters.
    static func maskingQuery(
        in target: String, byCharacter: Bool, with replacement: (Substring) -> String
    ) -> String? {
        guard !byCharacter else { return Self.maskingQueryByCharacter(in: target, with: replacement) }
        var target = target
        // Offsets into the bytes, not string indices: the screen masks every
        // request it takes in, and walking a Substring's views costs several
        // times as much.
        let values = target.withUTF8(Self.credentialValues(inASCII:))
        guard !values.isEmpty else { return nil }
        let utf8 = target.utf8
        var masked = ""
        var copied = utf8.startIndex
        for value in values {
            let start = utf8.index(utf8.startIndex, offsetBy: value.lowerBound)
            let end = utf8.index(start, offsetBy: value.count)
            masked += target[copied..<start] + replacement(target[start..<end])
            copied = end
        }
        return masked + target[copied...]
    }

    /// Where the non-empty values of the credentials in the ASCII `target`'s
    /// query are, as byte offsets; empty (and not allocated) when there are
    /// none.
    private static func credentialValues(inASCII target: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard let mark = target.firstIndex(of: UInt8(ascii: "?")) else { return [] }
        var values: [Range<Int>] = []
        var start = mark + 1
        while start <= target.count {
            var end = start
            var equals: Int?
            while end < target.count, target[end] != UInt8(ascii: "&") {
                if equals == nil, target[end] == UInt8(ascii: "=") { equals = end }
                end += 1
            }
            if let equals, equals + 1 < end,
                Self.isQueryParameter(encoded: UnsafeBufferPointer(rebasing: target[start..<equals]))
            {
                values.append(equals + 1..<end)
            }
            start = end + 1
        }
        return values
    }

    /// `maskingQuery` for text that is not ASCII.
    private static func maskingQueryByCharacter(in target: String, with replacement: (Substring) -> String) -> String? {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        // Built only once a credential is found: most requests have none.
        var masked: String?
        var copied = target.startIndex
        // After the `?` as a character: a mark after it is not the name's.
        var rest = target[target.index(after: mark)...]
        while true {
            let end = rest.firstIndex(of: "&")
            let item = rest[..<(end ?? rest.endIndex)]
            if let equals = item.firstIndex(of: "="), Self.isQueryParameter(encoded: item[..<equals]) {
                let value = item[item.utf8.index(after: equals)...]
                if !value.isEmpty {
                    masked = (masked ?? "") + target[copied..<value.startIndex] + replacement(value)
                    copied = value.endIndex
                }
            }
            guard let end else { break }
            rest = rest[rest.utf8.index(after: end)...]
        }
        guard let masked else { return nil }
        return masked + target[copied...]
    }

    /// Whether the query item named `name` as sent (percent-encoded, `+`
    /// for a space) is a credential.
    static func isQueryParameter(encoded name: Substring) -> Bool {
        var name = name
        return name.withUTF8 { Self.isQueryParameter(encoded: $0) }
    }

    /// `isQueryParameter(encoded:)` over the name's bytes. A name with
    /// nothing to decode, in ASCII (nearly every name), is lowercased and
    /// squeezed into a buffer on the stack rather than into a string.
    private static func isQueryParameter(encoded name: UnsafeBufferPointer<UInt8>) -> Bool {
        let plain = name.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "+") }
        guard plain else {
            return Self.isQueryParameter(
                PercentDecoding.decode(String(decoding: name, as: UTF8.self), plusIsSpace: true))
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count) { buffer in
            let count = Self.squeezeLowercase(ascii: name, into: buffer)
            return Self.isQueryParameter(squeezed: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
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
        return String(unsafeUninitializedCapacity: name.utf8.count) {
            Self.squeezeLowercase(ascii: name.utf8, into: $0)
        }
    }

    /// Writes the ASCII `name` lowercased, without dashes and underscores,
    /// into `buffer` (as long as `name` at least); returns the count written.
    private static func squeezeLowercase(
        ascii name: some Collection<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        var count = 0
        for byte in name where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
            buffer[count] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
            count += 1
        }
        return count
    }

    /// Whether `word` (ASCII) occurs in `text`, compared as bytes: the
    /// screen asks this of every query item of every request it takes in,
    /// and `String.contains` compares characters, at several times the cost.
    /// (A byte match may also find a word a combining mark follows, which
    /// only hides one value more.)
    private static func bytes(of text: UnsafeBufferPointer<UInt8>, contain word: [UInt8]) -> Bool {
        guard word.count <= text.count else { return false }
        return (0...(text.count - word.count)).contains { start in
            (0..<word.count).allSatisfy { text[start + $0] == word[$0] }
        }
    }

    // The lists above as bytes, made once: names are matched byte by byte.
    private static let headerWordBytes = Self.headerWords.map { Array($0.utf8) }
    private static let queryNameBytes = Self.queryNames.map { Array($0.utf8) }
    private static let queryCursorBytes = Self.queryCursors.map { Array($0.utf8) }
    private static let queryWordBytes = Self.queryWords.map { Array($0.utf8) }

    private static func squeezed(_ lowered: String) -> String {
        lowered.filter { $0 != "-" && $0 != "_" }
    }
}
