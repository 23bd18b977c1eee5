import NIOCore

/// Who may use the control API: programs on this machine, unless a token is
/// set, in which case everyone who presents it (and no one else).
///
/// "On this machine" also means not a web page: a browser on this machine
/// is a loopback client too, so without a token a request that names a
/// foreign Host (DNS rebinding) or comes with a foreign Origin (a page
/// posting across sites) is refused.
enum ControlAccess: Equatable {
    case allowed
    /// No token is configured and the client is not on this machine.
    case notLoopback
    /// No token is configured and the request comes from a web page.
    case fromWebPage
    /// A token is configured and the request does not carry it.
    case badToken

    static func check(
        remote: SocketAddress?, authorization: String?, token: String?, host: String? = nil, origin: String? = nil
    ) -> ControlAccess {
        if let token {
            return authorization == "Bearer \(token)" ? .allowed : .badToken
        }
        guard self.isLoopback(remote) else { return .notLoopback }
        if let host, !self.isLoopbackName(self.hostName(host)) { return .fromWebPage }
        if let origin {
            guard let afterScheme = origin.range(of: "://") else { return .fromWebPage }
            if !self.isLoopbackName(self.hostName(String(origin[afterScheme.upperBound...]))) { return .fromWebPage }
        }
        return .allowed
    }

    static func isLoopback(_ address: SocketAddress?) -> Bool {
        guard let ip = address?.ipAddress else { return false }
        return self.isLoopbackName(ip)
    }

    static func isLoopbackName(_ name: String) -> Bool {
        name.hasPrefix("127.") || name == "::1" || name.hasPrefix("::ffff:127.") || name.lowercased() == "localhost"
    }

    /// `127.0.0.1:8080` → `127.0.0.1`; `[::1]:8080` → `::1`.
    static func hostName(_ authority: String) -> String {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<close])
        }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? "")
    }
}
