/// Why the server could not start, in words a person can act on.
public enum ServerStartError: Error, Sendable, Equatable, CustomStringConvertible {
    case portInUse(host: String, port: Int)
    case cannotBind(host: String, port: Int, reason: String)

    public var description: String {
        switch self {
        case .portInUse(let host, let port):
            "port \(port) on \(host) is already in use — stop the program using it, or pick another port with --port (0 picks a free one)"
        case .cannotBind(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason)"
        }
    }
}
