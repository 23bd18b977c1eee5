/// Which upstream response headers a recording keeps.
///
/// An allow-list, not a block-list: an unknown header may carry a session
/// or a per-request secret, and a fixture is committed and shared. Never
/// kept: credentials (`CredentialNames.isHeader`: `Authorization`, `Cookie`,
/// `Set-Cookie`, `X-Api-Key`, …, whatever that list says),
/// hop-by-hop headers, what the server computes itself (`Content-Length`,
/// `Date`, `Transfer-Encoding`), `Content-Encoding` (bodies are stored
/// decoded; see `RecordedBody`) and CORS headers (Switchboard answers
/// CORS itself).
public enum RecordedHeaders {
    /// Lower-case names of the headers worth keeping: what the body is,
    /// how it may be cached, where to go next, when to retry, what the
    /// client is told to authenticate with, pagination and rate limits.
    public static let kept: Set<String> = [
        "content-type", "content-language", "content-disposition",
        "cache-control", "expires", "etag", "last-modified", "vary",
        "location", "retry-after", "www-authenticate", "link",
        "x-total-count", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset",
        "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "ratelimit-policy",
    ]

    /// `headers` as recorded, in the upstream's order. A header kept twice
    /// (`Link`, `Vary`) keeps its first value: the manifest's header map
    /// holds one per name.
    public static func filter(_ headers: [HeaderField], encoded: Bool) -> [HeaderField] {
        var seen = Set<String>()
        var result: [HeaderField] = []
        for header in headers {
            let name = header.name.lowercased()
            guard Self.kept.contains(name) || (encoded && name == "content-encoding"),
                !CredentialNames.isHeader(name)
            else { continue }
            guard seen.insert(name).inserted else { continue }
            var value = header.value.trimmed()
            // A URL's userinfo and query credentials, as every shared file has them.
            value = CredentialNames.redactedValue(ofHeader: name, value)
            // A value the manifest could not hold is dropped, not mangled.
            guard ManifestReader.isValidHeader(name: header.name, value: value) else { continue }
            result.append(HeaderField(name: header.name, value: value))
        }
        return result
    }
}
