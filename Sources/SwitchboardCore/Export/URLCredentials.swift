/// Credentials inside a URL: its userinfo (`https://ana:pw@host/`) and the
/// credential items of its query (`CredentialNames.isQueryParameter`). One
/// redaction for every URL that leaves the process or is written down, the
/// request's target and the URLs an answer sends the client to alike
/// (`Location`, `Content-Location`, `Link`, `Refresh`): the journal's
/// views, HAR files, `serve`'s JSON lines and recorded fixtures. The
/// userinfo is dropped, so the URL still leads where it did; query
/// credentials read `REDACTED`, as everywhere else.
extension CredentialNames {
    /// Response headers whose value holds URLs.
    static let urlHeaders: Set<String> = ["location", "content-location", "link", "refresh"]

    /// `https://admin:hunter2@host/next?token=abc` →
    /// `https://host/next?token=REDACTED`.
    public static func redactingURL(_ url: String) -> String {
        Self.redactingQuery(in: Self.withoutUserinfo(url))
    }

    /// A header's value as it may leave the process: `REDACTED` for a
    /// credential header, the URLs in a `Location`-like header redacted
    /// (`redactingURL`), any other value as sent.
    /// Whether `redactedValue(ofHeader:_:)` may change a value of the
    /// header `name`: a credential, or a header that carries a URL.
    public static func redactsHeader(_ name: some StringProtocol) -> Bool {
        Self.isHeader(name) || Self.urlHeaders.contains(name.lowercased())
    }

    public static func redactedValue(ofHeader name: some StringProtocol, _ value: String) -> String {
        if Self.isHeader(name) { return Self.redacted }
        let lowered = name.lowercased()
        guard Self.urlHeaders.contains(lowered) else { return value }
        switch lowered {
        // `<https://u:p@x/2>; rel=next, <…>; rel=last`: each URL between brackets.
        case "link": return Self.redactingEach(in: value, from: "<", to: ">")
        // `5; url=https://…`: everything after `url=`.
        case "refresh":
            guard let mark = value.range(of: "url=", options: .caseInsensitive) else { return value }
            return String(value[..<mark.upperBound]) + Self.redactingURL(String(value[mark.upperBound...]))
        default: return Self.redactingURL(value)
        }
    }

    private static func redactingEach(in value: String, from open: Character, to close: Character) -> String {
        var out = ""
        var rest = Substring(value)
        while let start = rest.firstIndex(of: open), let end = rest[start...].firstIndex(of: close) {
            out += rest[...start]
            out += Self.redactingURL(String(rest[rest.index(after: start)..<end]))
            rest = rest[end...]
        }
        return out + rest
    }

    /// `https://user:password@host/next` → `https://host/next` (and the same
    /// for `//user@host/next`). A relative URL (`/next?to=https://a@b`) has
    /// no authority and stays as it is.
    static func withoutUserinfo(_ url: String) -> String {
        // Read by bytes, and only as far as the scheme: an origin-form
        // target (nearly every request) is settled by its first byte,
        // however long its query.
        let bytes = url.utf8
        var index = bytes.startIndex
        if url.hasPrefix("//") {
            index = bytes.index(index, offsetBy: 2)
        } else {
            while index != bytes.endIndex, Self.isSchemeByte(bytes[index]) { index = bytes.index(after: index) }
            guard index != bytes.startIndex, bytes[index...].starts(with: "://".utf8) else { return url }
            index = bytes.index(index, offsetBy: 3)
        }
        let authorityStart = index
        var at: String.Index?
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "@") { at = index }
            index = bytes.index(after: index)
        }
        guard let at else { return url }
        return String(url[..<authorityStart]) + String(url[bytes.index(after: at)...])
    }

    /// A letter, digit, `+`, `-` or `.` (RFC 3986's scheme, first letter aside).
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default: false
        }
    }
}
