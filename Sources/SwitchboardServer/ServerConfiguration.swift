import NIOCore
public import SwitchboardCore

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
    public var limits: ServerLimits
    /// Answer browsers' CORS preflights and let pages on any origin read
    /// responses (a web app on another port is the usual client).
    public var cors: Bool
    /// Every answer carries `Cache-Control: no-store`, whatever the manifest
    /// says (`--no-cache`).
    public var noStore: Bool
    /// Whether a connection may carry more than one request. Off
    /// (`--no-keep-alive`), every response says `Connection: close`, so no
    /// client ever sends a request on a connection a fault is about to end
    /// (URLSession on Linux waits out its timeout when a POST meets that).
    public var keepAlive: Bool
    /// The real API behind the fake one (`--upstream`), and how long it may
    /// take.
    public var upstream: UpstreamSettings
    /// What sends `live` requests; `nil` in a program that links no HTTP
    /// client (a live request is then answered 502, saying so).
    public var upstreamTransport: UpstreamTransportMaker?

    /// Whether only this machine can reach the server.
    public var isLoopbackOnly: Bool {
        LoopbackName.isLoopbackHost(self.host)
    }

    public init(
        host: String = "127.0.0.1", port: Int = 8080, threads: Int? = nil, controlToken: String? = nil,
        limits: ServerLimits = ServerLimits(), cors: Bool = true, noStore: Bool = false, keepAlive: Bool = true,
        upstream: UpstreamSettings = UpstreamSettings(), upstreamTransport: UpstreamTransportMaker? = nil
    ) {
        self.host = host
        self.port = port
        self.threads = threads ?? System.coreCount
        self.controlToken = controlToken
        self.limits = limits
        self.cors = cors
        self.noStore = noStore
        self.keepAlive = keepAlive
        self.upstream = upstream
        self.upstreamTransport = upstreamTransport
    }
}

/// What a client may send, and how long it may take, before the server
/// gives up on it.
public struct ServerLimits: Sendable, Equatable {
    /// Request line and headers together (431 beyond).
    public var maxHeaderBytes: Int
    /// A request body (413 beyond).
    public var maxBodyBytes: Int
    /// A keep-alive connection with no request in progress is closed after this.
    public var idleTimeout: Duration
    /// A request whose headers have started must finish them within this (408).
    public var headerTimeout: Duration
    /// A request whose body has started arriving is answered 408 when no
    /// more of it arrives for this long.
    public var bodyTimeout: Duration
    /// On shutdown, how long in-flight requests get to be answered.
    public var drainTimeout: Duration

    public init(
        maxHeaderBytes: Int = 64 * 1024, maxBodyBytes: Int = 10 * 1024 * 1024, idleTimeout: Duration = .seconds(60),
        headerTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(10),
        drainTimeout: Duration = .seconds(2)
    ) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.idleTimeout = idleTimeout
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.drainTimeout = drainTimeout
    }

    /// The shortest of the connection timeouts.
    var shortestTimeout: Duration {
        min(self.idleTimeout, self.headerTimeout, self.bodyTimeout)
    }
}

/// Where `live` requests go and how long the upstream gets.
public struct UpstreamSettings: Sendable, Equatable {
    /// `--upstream`: wins over the manifest's top-level `upstream:` (an
    /// endpoint's own `upstream:` still wins over both).
    public var url: UpstreamURL?
    /// Establishing a connection (TCP and TLS). Five seconds: far above a
    /// healthy API's round trip, well below the minute a client gives up.
    public var connectTimeout: Duration
    /// Silence while waiting for the head or the next bytes of the body.
    /// Thirty seconds: slow reports and long polls still get through, a
    /// dead upstream becomes a 504 before most clients time out.
    public var readTimeout: Duration
    /// `--upstream-ca`: a PEM file of CA certificates trusted in addition
    /// to the system's (a company's private CA).
    public var extraCAFile: String?
    /// `--upstream-insecure` turns this off: any certificate is accepted.
    public var verifiesCertificates: Bool

    public init(
        url: UpstreamURL? = nil, connectTimeout: Duration = .seconds(5), readTimeout: Duration = .seconds(30),
        extraCAFile: String? = nil, verifiesCertificates: Bool = true
    ) {
        self.url = url
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
        self.extraCAFile = extraCAFile
        self.verifiesCertificates = verifiesCertificates
    }
}
