import NIOCore

/// Where and how the fake API listens.
public struct ServerConfiguration: Sendable {
    public var host: String
    /// 0 asks the system for any free port.
    public var port: Int
    /// Event loop threads; by default one per core.
    public var threads: Int
    /// When set, every control API call must carry `Authorization: Bearer`
    /// with it, from any address; when not, only loopback clients may call.
    public var controlToken: String?

    public init(host: String = "127.0.0.1", port: Int = 8080, threads: Int? = nil, controlToken: String? = nil) {
        self.host = host
        self.port = port
        self.threads = threads ?? System.coreCount
        self.controlToken = controlToken
    }
}
