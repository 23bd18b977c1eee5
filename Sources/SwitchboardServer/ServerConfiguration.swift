import NIOCore

/// Where and how the fake API listens.
public struct ServerConfiguration: Sendable {
    public var host: String
    /// 0 asks the system for any free port.
    public var port: Int
    /// Event loop threads; by default one per core.
    public var threads: Int

    public init(host: String = "127.0.0.1", port: Int = 8080, threads: Int? = nil) {
        self.host = host
        self.port = port
        self.threads = threads ?? System.coreCount
    }
}
