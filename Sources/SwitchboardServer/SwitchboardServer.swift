import NIOCore
import NIOHTTP1
import NIOPosix
public import SwitchboardCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The embedded fake API: an HTTP/1.1 server (keep-alive, pipelining) that
/// answers from the control panel's current snapshot and records every
/// request in the journal.
public final class SwitchboardServer: Sendable {
    public let panel: ControlPanel
    public let journal: RequestJournal
    public let configuration: ServerConfiguration
    private let group: MultiThreadedEventLoopGroup
    private let responder: Responder
    private let channel = Mutex<(any Channel)?>(nil)

    public init(panel: ControlPanel, journal: RequestJournal, configuration: ServerConfiguration = .init()) {
        self.panel = panel
        self.journal = journal
        self.configuration = configuration
        self.group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, configuration.threads))
        self.responder = Responder(panel: panel, journal: journal, controlToken: configuration.controlToken)
    }

    /// Binds and starts serving; returns the port actually bound (useful with
    /// port 0).
    @discardableResult
    public func start() throws(ServerStartError) -> Int {
        let responder = self.responder
        let bootstrap = ServerBootstrap(group: self.group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    // Response headers come from the manifest and were checked when
                    // it loaded; validating them again per response only costs time.
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withErrorHandling: true, withOutboundHeaderValidation: false)
                    try channel.pipeline.syncOperations.addHandler(RequestHandler(responder: responder))
                }
            }
        let host = self.configuration.host
        let port = self.configuration.port
        do {
            let channel = try bootstrap.bind(host: host, port: port).wait()
            self.channel.withLock { $0 = channel }
            return channel.localAddress?.port ?? port
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            try? self.group.syncShutdownGracefully()
            throw .portInUse(host: host, port: port)
        } catch let error as IOError {
            try? self.group.syncShutdownGracefully()
            throw .cannotBind(host: host, port: port, reason: Self.describe(errno: error.errnoCode))
        } catch {
            try? self.group.syncShutdownGracefully()
            throw .cannotBind(host: host, port: port, reason: "\(error)")
        }
    }

    /// The port the server listens on, once started.
    public var port: Int? {
        self.channel.withLock { $0?.localAddress?.port }
    }

    /// Requests received and not answered yet, delayed ones included.
    public var requestsInFlight: Int {
        self.responder.inFlight.load(ordering: .relaxed)
    }

    /// Stops accepting, closes connections and stops the event loops.
    public func shutdown() {
        let channel = self.channel.withLock { channel in
            defer { channel = nil }
            return channel
        }
        try? channel?.close().wait()
        try? self.group.syncShutdownGracefully()
    }

    private static func describe(errno code: Int32) -> String {
        switch code {
        case EADDRNOTAVAIL: "that address does not belong to this machine (check --host)"
        case EACCES: "permission denied (ports below 1024 need root; try --port 8080)"
        default: String(cString: strerror(code))
        }
    }
}
