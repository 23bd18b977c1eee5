import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardUpstream

/// A real Switchboard server on a free port, for tests that talk HTTP to it.
public final class RunningServer: Sendable {
    public let panel: ControlPanel
    public let journal: RequestJournal
    public let server: SwitchboardServer
    public let port: Int
    /// Held so the folder outlives every request the server answers from it.
    private let fixtures: TemporaryFixtures?

    public init(
        panel: ControlPanel, host: String = "127.0.0.1", controlToken: String? = nil,
        limits: ServerLimits = ServerLimits(), noStore: Bool = false, keepAlive: Bool = true,
        keeping fixtures: TemporaryFixtures? = nil, journal: RequestJournal = RequestJournal(capacity: 1_000),
        threads: Int = 2, upstream: UpstreamSettings = UpstreamSettings()
    ) throws {
        self.panel = panel
        self.fixtures = fixtures
        self.journal = journal
        self.server = SwitchboardServer(
            panel: self.panel, journal: self.journal,
            configuration: ServerConfiguration(
                host: host, port: 0, threads: threads, controlToken: controlToken, limits: limits,
                noStore: noStore, keepAlive: keepAlive, upstream: upstream,
                upstreamTransport: AsyncHTTPClientTransport.maker))
        self.port = try self.server.start()
    }

    public convenience init(
        fixtures: TemporaryFixtures, descriptions: DescriptionFormats = .none, noStore: Bool = false,
        keepAlive: Bool = true
    ) throws {
        let manifest = try ManifestLoader.load(directory: fixtures.path, descriptions: descriptions)
        try self.init(
            panel: ControlPanel(manifest: manifest), noStore: noStore, keepAlive: keepAlive, keeping: fixtures)
    }

    /// The server for a manifest and files held in memory.
    public convenience init(fixtures: MemoryFixtures, noStore: Bool = false, keepAlive: Bool = true) throws {
        try self.init(panel: fixtures.panel(), noStore: noStore, keepAlive: keepAlive)
    }

    /// The demo API in `fixtures/`.
    public static func demo(
        host: String = "127.0.0.1", controlToken: String? = nil, limits: ServerLimits = ServerLimits()
    ) throws -> RunningServer {
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        return try RunningServer(
            panel: ControlPanel(manifest: manifest), host: host, controlToken: controlToken, limits: limits)
    }

    public func url(_ pathAndQuery: String) -> URL {
        URL(string: "http://127.0.0.1:\(self.port)\(pathAndQuery)")!
    }

    public func stop() {
        self.server.shutdown()
    }

    /// `stop` on a thread of its own: shutting down waits for open
    /// connections to close.
    public func stop() async {
        let server = self.server
        _ = try? await onThread { server.shutdown() }
    }

    /// Runs `body` against the server, then stops it off the test's
    /// thread, whether `body` threw or not: the async test's `defer`.
    public func serving<T>(_ body: (RunningServer) async throws -> T) async throws -> T {
        try await runThenStop(self, stop: { await $0.stop() }, body)
    }
}
