import NIOHTTP1

/// RFC 9112 §3.2: an HTTP/1.1 request carries exactly one `Host` header, and
/// no request carries two. A request that breaks this is answered 400: two
/// Host headers let two parts of a chain disagree about the host (what the
/// control API's rebinding check relies on), and none means a client too
/// broken to trust with anything else.
enum HostHeaderRule {
    /// Why a request of `version` with `hosts` Host headers (counted as its
    /// head arrived: `HeaderFacts`) must be refused, or nil when they are fine.
    static func problem(hosts: Int, version: HTTPVersion) -> String? {
        if hosts > 1 { return "more than one Host header" }
        if hosts == 0 && version.major == 1 && version.minor >= 1 {
            return "an HTTP/1.1 request needs a Host header"
        }
        return nil
    }
}
