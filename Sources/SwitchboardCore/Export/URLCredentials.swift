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
        let authorityStart: String.Index
        if url.hasPrefix("//") {
            authorityStart = url.index(url.startIndex, offsetBy: 2)
        } else if let separator = url.range(of: "://"), !url[..<separator.lowerBound].isEmpty,
            url[..<separator.lowerBound].allSatisfy({
                $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0))
            })
        {
            authorityStart = separator.upperBound
        } else {
            return url
        }
        let authorityEnd = url[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        guard let at = url[authorityStart..<authorityEnd].lastIndex(of: "@") else { return url }
        return String(url[..<authorityStart]) + String(url[url.index(after: at)...])
    }
}
