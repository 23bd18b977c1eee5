import Atomics
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
public import SwitchboardCore

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
    let group: MultiThreadedEventLoopGroup
    let responder: Responder
    private let upstream: Upstream
    let channel = NIOLockedValueBox<(any Channel)?>(nil)
    /// Open client connections, so shutting down can answer what they wait for.
    private let connections = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])
    private let stopped = ManagedAtomic<Bool>(false)
    /// Moves running drills along, on one of the server's event loops.
    private let drills: DrillTimer

    public init(panel: ControlPanel, journal: RequestJournal, configuration: ServerConfiguration = .init()) {
        self.panel = panel
        self.journal = journal
        self.configuration = configuration
        self.group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, configuration.threads))
        // Made whether or not an upstream is set yet: a reload may add one.
        // Until a live request it holds no connection.
        self.upstream = Upstream(
            group: self.group, settings: configuration.upstream, maker: configuration.upstreamTransport)
        self.responder = Responder(
            panel: panel, journal: journal, controlToken: configuration.controlToken, cors: configuration.cors,
            noStore: configuration.noStore, keepAlive: configuration.keepAlive, upstream: self.upstream)
        self.drills = DrillTimer(panel: panel, loop: self.group.next())
    }

    /// How long accepting pauses after it failed (out of file descriptors):
    /// short, so the next client is served soon after a descriptor frees.
    static let acceptBackoff = TimeAmount.milliseconds(50)

    /// Binds and starts serving; returns the port actually bound (useful with
    /// port 0).
    @discardableResult
    public func start() throws(ServerStartError) -> Int {
        let responder = self.responder
        let limits = self.configuration.limits
        let bootstrap = ServerBootstrap(group: self.group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AcceptBackoff(pause: Self.acceptBackoff))
                }
            }
            // A TCP option, at the TCP level: as `.socketOption` it was
            // option 1 at the socket level, SO_DEBUG, which Linux refuses
            // without CAP_NET_ADMIN, and NIO then resets every connection.
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelInitializer { [weak self] channel in
                self?.track(channel)
                return channel.eventLoop.makeCompletedFuture {
                    try Self.configure(channel.pipeline.syncOperations, responder: responder, limits: limits)
                }
            }
        let host = self.configuration.host
        let port = self.configuration.port
        do {
            let channel = try bootstrap.bind(host: host, port: port).wait()
            self.channel.withLockedValue { $0 = channel }
            return channel.localAddress?.port ?? port
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            self.upstream.shutdown()
            try? self.group.syncShutdownGracefully()
            throw .portInUse(host: host, port: port)
        } catch let error as IOError {
            self.upstream.shutdown()
            try? self.group.syncShutdownGracefully()
            throw .cannotBind(host: host, port: port, reason: Self.describe(errno: error.errnoCode))
        } catch {
            self.upstream.shutdown()
            try? self.group.syncShutdownGracefully()
            throw .cannotBind(host: host, port: port, reason: "\(error)")
        }
    }

    /// The handlers of one connection: NIO's HTTP encoder and decoder, but
    /// not its pipelining helper — the request handler queues pipelined
    /// requests itself, so that prebuilt responses can go out as plain bytes.
    /// The decoder is not linked to the encoder for the same reason; the
    /// handler leaves out bodies for HEAD itself. Response headers come from
    /// the manifest and were checked when it loaded: no validator.
    static func configure(
        _ pipeline: ChannelPipeline.SynchronousOperations, responder: Responder, limits: ServerLimits
    ) throws {
        var decoderLimits = NIOHTTPDecoderLimitConfiguration()
        decoderLimits.maxHeaderFieldSize = limits.maxHeaderBytes
        decoderLimits.maxHeaderListSize = limits.maxHeaderBytes
        try pipeline.addHandler(HTTPResponseEncoder())
        try pipeline.addHandler(ByteToMessageHandler(HTTPRequestDecoder(limitConfiguration: decoderLimits)))
        try pipeline.addHandler(RequestHandler(responder: responder, limits: limits))
    }

    private func track(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        self.connections.withLockedValue { $0[key] = channel }
        channel.closeFuture.whenComplete { [weak self] _ in
            _ = self?.connections.withLockedValue { $0.removeValue(forKey: key) }
        }
    }

    /// The port the server listens on, once started.
    public var port: Int? {
        self.channel.withLockedValue { $0?.localAddress?.port }
    }

    /// Requests received and not answered yet, delayed ones included.
    public var requestsInFlight: Int {
        self.responder.inFlight.load(ordering: .relaxed)
    }

    /// The open client connections' channels.
    var openChannels: [any Channel] {
        self.connections.withLockedValue { Array($0.values) }
    }

    /// Open client connections.
    public var connectionCount: Int {
        self.connections.withLockedValue { $0.count }
    }

    /// Stops accepting, answers the requests still waiting for a delay (a
    /// hung one is closed), waits up to `limits.drainTimeout` for them to
    /// leave, then stops the event loops. Every request ends up journaled.
    public func shutdown() {
        // Safe to call again, e.g. from a cleanup path after a normal stop.
        guard !self.stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let listener = self.channel.withLockedValue { channel in
            defer { channel = nil }
            return channel
        }
        try? listener?.close().wait()
        let open = self.connections.withLockedValue { Array($0.values) }
        for connection in open {
            connection.pipeline.fireUserInboundEventTriggered(ServerStopping())
        }
        let deadline = NIODeadline.now() + TimeAmount(self.configuration.limits.drainTimeout)
        for connection in open {
            let closed = connection.closeFuture
            let timeout = connection.eventLoop.scheduleTask(deadline: deadline) { connection.close(promise: nil) }
            try? closed.wait()
            timeout.cancel()
        }
        self.drills.cancel()
        self.upstream.shutdown()
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
