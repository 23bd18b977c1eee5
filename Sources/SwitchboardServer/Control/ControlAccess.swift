import NIOCore
import NIOHTTP1
import SwitchboardCore

/// Who may use the control API: programs on this machine, unless a token is
/// set, in which case everyone who presents it (and no one else).
///
/// "Programs" means not web pages: a browser on this machine is a loopback
/// client too, and any page it shows (the app's own dev server, an ad, a
/// page on a name that DNS rebinding points at 127.0.0.1) could otherwise
/// post a form or a "simple" request that applies a scenario, or read the
/// journal with its captured credentials. Browsers send `Origin` or
/// `Sec-Fetch-Site` on every request a page makes that could do harm (every
/// POST, PUT and DELETE, forms and `no-cors` included); curl, the CLI and
/// URLSession send neither, so they are not affected.
enum ControlAccess: Equatable {
    case allowed
    /// No token is configured and the client is not on this machine.
    case notLoopback
    /// No token is configured and the request names a host that is not
    /// this machine (DNS rebinding).
    case foreignHost
    /// No token is configured and a browser sent the request for a page.
    case fromWebPage
    /// A token is configured and the request does not carry it.
    case badToken

    static func check(head: HTTPRequestHead, remote: SocketAddress?, token: String?) -> ControlAccess {
        let headers = head.headers
        if let token {
            return Self.presents(token, headers.first(name: "Authorization")) ? .allowed : .badToken
        }
        guard let ip = remote?.ipAddress, LoopbackName.isLoopbackAddress(ip) else { return .notLoopback }
        // RFC 9112 §3.2.2: an absolute-form target's authority is the host
        // asked for; the Host header is checked as well, so neither can
        // smuggle in a foreign name.
        var authorities = headers["Host"]
        if let absolute = RequestTarget.absoluteForm(Substring(head.uri)) {
            authorities.append(String(absolute.authority))
        }
        for authority in authorities {
            guard let host = LoopbackName.host(ofAuthority: authority), LoopbackName.isLoopbackHost(host) else {
                return .foreignHost
            }
        }
        if headers.contains(name: "Origin") { return .fromWebPage }
        if let site = headers.first(name: "Sec-Fetch-Site"), site.lowercased() != "none" { return .fromWebPage }
        return .allowed
    }

    /// Whether an `Authorization` value is `Bearer` and then `token`. The
    /// scheme is matched in any case (RFC 9110 §11.1: `bearer`, as some
    /// libraries send it, is the same scheme), the token exactly.
    static func presents(_ token: String, _ authorization: String?) -> Bool {
        guard let authorization, let space = authorization.firstIndex(of: " ") else { return false }
        guard authorization[..<space].lowercased() == "bearer" else { return false }
        return authorization[space...].drop { $0 == " " } == token
    }
}
