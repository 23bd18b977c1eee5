import NIOCore

/// Who may use the control API: loopback clients, unless a token is set,
/// in which case everyone who presents it (and no one else).
enum ControlAccess: Equatable {
    case allowed
    /// No token is configured and the client is not on this machine.
    case notLoopback
    /// A token is configured and the request does not carry it.
    case badToken

    static func check(remote: SocketAddress?, authorization: String?, token: String?) -> ControlAccess {
        if let token {
            return authorization == "Bearer \(token)" ? .allowed : .badToken
        }
        return self.isLoopback(remote) ? .allowed : .notLoopback
    }

    static func isLoopback(_ address: SocketAddress?) -> Bool {
        guard let ip = address?.ipAddress else { return false }
        return ip.hasPrefix("127.") || ip == "::1" || ip.hasPrefix("::ffff:127.")
    }
}
