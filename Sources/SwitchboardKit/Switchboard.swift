import Atomics
public import Foundation
public import SwitchboardCore
package import SwitchboardServer

/// A Switchboard fake API running inside the test process: the same engine
/// as the `switchboard` binary (manifest, modes, faults, latency, journal,
/// control API) on a port of its own, with no subprocess and no terminal.
///
/// Start one per test, from a fixtures folder or from endpoints declared in
/// code, point the code under test at ``baseURL``, flip endpoints with
/// ``set(_:_:latency:)`` and check what arrived with `requests(_:)`. Each
/// instance has its own event loop, panel and journal, so tests running in
/// parallel share nothing.
///
/// ```swift
/// let board = try await Switchboard.start(fixtures: "Fixtures")
/// try await board.set("login", .error)
/// // … exercise the code under test against board.baseURL …
/// await board.stop()
/// ```
public final class Switchboard: Sendable {
    /// `http://127.0.0.1:<port>`: where the fake API (and its control API,
    /// under `/__switchboard`) answers; `http://switchboard-N.invalid` for an
    /// instance made with `inProcess`, answered only through ``urlSession()``.
    public let baseURL: URL
    /// The port the server listens on (the system's choice when started
    /// with port 0); 0 for an instance made with `inProcess`, which has none.
    public let port: Int
    /// The live settings every request reads. Internal so that another
    /// front end in this module (a `URLProtocol` answering without a port)
    /// can decide answers from the same settings as the server.
    let panel: ControlPanel
    /// Every request this instance answered (the control API reads it).
    let journal: RequestJournal
    /// `nil` for an instance made with `inProcess`: no port, no event loop.
    let server: SwitchboardServer?
    /// What ``SwitchboardURLProtocol`` answers this instance's requests from.
    let answers: InProcessAnswers
    /// Whether `stop()` has run, so `deinit` starts no thread for nothing.
    private let stopped = ManagedAtomic<Bool>(false)

    init(
        panel: ControlPanel, journal: RequestJournal, server: SwitchboardServer?, answers: InProcessAnswers,
        port: Int, baseURL: URL
    ) {
        self.panel = panel
        self.journal = journal
        self.server = server
        self.answers = answers
        self.port = port
        self.baseURL = baseURL
        InProcessRegistry.register(answers, authority: SwitchboardURLProtocol.authority(of: baseURL))
    }

    /// Loads the fixtures folder at `fixtures` (the folder that holds
    /// `switchboard.yml`) and starts serving it on `port` (0: any free port).
    /// A manifest that starts from an OpenAPI description (`openapi:`)
    /// needs `descriptions: .openAPI`, from the `SwitchboardOpenAPI`
    /// product; without it the folder is refused, saying so.
    ///
    /// Throws the manifest's problems, each with file, line and fix, when
    /// the folder does not load, and a sentence when the port cannot be bound.
    public static func start(
        fixtures: URL, descriptions: DescriptionFormats = .none, port: Int = 0
    ) async throws -> Switchboard {
        try await self.start(
            manifest: try await ManifestSource.folder(fixtures, descriptions: descriptions).manifest(), port: port)
    }

    /// Loads the fixtures folder at `path` and starts serving it. A relative
    /// `path` is resolved against the current directory; in tests prefer the
    /// `.switchboard("Fixtures")` trait, which resolves it against the test
    /// file's folder.
    public static func start(
        fixtures path: String, descriptions: DescriptionFormats = .none, port: Int = 0
    ) async throws -> Switchboard {
        try await self.start(fixtures: URL(fileURLWithPath: path), descriptions: descriptions, port: port)
    }

    /// Starts a server whose endpoints (and, when given, scenarios) are
    /// declared in code, no files:
    ///
    /// ```swift
    /// let board = try await Switchboard.start {
    ///     Endpoint.post("/login", id: "login")
    ///         .json(#"{"token":"abc"}"#)
    ///         .error(status: 401, json: #"{"error":"invalid_credentials"}"#)
    /// } scenarios: {
    ///     Scenario("outage").all(.serverError)
    /// }
    /// ```
    ///
    /// Throws an ``EndpointDeclarationError`` listing every problem (a bad
    /// path, a scenario naming an unknown endpoint or profile) before
    /// anything is bound.
    public static func start(
        port: Int = 0, @EndpointsBuilder endpoints: () -> [Endpoint],
        @ScenariosBuilder scenarios: () -> [Scenario] = { [] }
    ) async throws -> Switchboard {
        let manifest = try await ManifestSource.declared(endpoints(), scenarios: scenarios()).manifest()
        return try await self.start(manifest: manifest, port: port)
    }

    /// A server in front of a real API, for the `SwitchboardLive` product,
    /// which brings the HTTP client (`transport`) that this library leaves
    /// out.
    package static func start(
        fixtures: URL, descriptions: DescriptionFormats, port: Int, upstream: UpstreamSettings,
        transport: @escaping UpstreamTransportMaker
    ) async throws -> Switchboard {
        try await self.start(
            manifest: try await ManifestSource.folder(fixtures, descriptions: descriptions).manifest(), port: port,
            upstream: upstream, transport: transport)
    }

    /// The one way an instance comes up. Binding blocks until the socket is
    /// open, so it happens on a thread of its own, never on one of the few
    /// threads Swift concurrency runs tests on. `package`, for the starters
    /// `SwitchboardOpenAPI` adds.
    package static func start(
        manifest: Manifest, port: Int, upstream: UpstreamSettings = UpstreamSettings(),
        transport: UpstreamTransportMaker? = nil
    ) async throws -> Switchboard {
        let panel = ControlPanel(manifest: manifest)
        let journal = RequestJournal(capacity: 10_000)
        // One event loop: a test's traffic is light, and two hundred tests in
        // parallel then cost two hundred threads, not two hundred times the
        // cores. No keep-alive: on Linux, URLSession sends the next request on
        // a kept connection and, when that request meets a fault flipped in
        // between (`reset`, `empty`), waits out its whole timeout instead of
        // failing at once (docs/testing-library.md, "Fast failures on Linux").
        let server = SwitchboardServer(
            panel: panel, journal: journal,
            configuration: ServerConfiguration(
                host: "127.0.0.1", port: port, threads: 1, keepAlive: false, upstream: upstream,
                upstreamTransport: transport))
        let bound = try await onOwnThread { () throws(ServerStartError) in try server.start() }
        return Switchboard(
            panel: panel, journal: journal, server: server, answers: server.inProcessAnswers, port: bound,
            baseURL: URL(string: "http://127.0.0.1:\(bound)")!)
    }

    /// Stops serving: answers what is still waiting for a delay, closes every
    /// connection and ends the event loop. Safe to call more than once.
    public func stop() async {
        self.stopped.store(true, ordering: .releasing)
        InProcessRegistry.remove(authority: SwitchboardURLProtocol.authority(of: self.baseURL))
        guard let server = self.server else { return }
        await onOwnThread { server.shutdown() }
    }

    deinit {
        // The last resort for an instance nobody stopped: shutting down waits
        // for connections to close, so it runs on a thread of its own rather
        // than on whichever (possibly cooperative) thread let go last. After
        // `stop()` there is nothing to do.
        guard !self.stopped.load(ordering: .acquiring), let server = self.server else { return }
        Thread.detachNewThread { server.shutdown() }
    }
}
