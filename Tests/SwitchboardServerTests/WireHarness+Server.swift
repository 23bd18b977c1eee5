import NIOCore
import NIOEmbedded
import SwitchboardCore
import SwitchboardSpecEndpoints
import SwitchboardTestSupport

@testable import SwitchboardServer

/// The harness with the server's own handlers, installed the way the
/// server installs them on every accepted connection.
extension WireHarness {
    convenience init(
        panel: ControlPanel, journal: RequestJournal = RequestJournal(capacity: 100),
        keeping fixtures: TemporaryFixtures? = nil, limits: ServerLimits = ServerLimits(), controlToken: String? = nil,
        noStore: Bool = false, keepAlive: Bool = true, loop: EmbeddedEventLoop = EmbeddedEventLoop(),
        remote: String = "127.0.0.1", socket: SlowSocket? = nil, upstream: Upstream? = nil,
        offLoop: (any OffLoopWork)? = nil
    ) throws {
        let responder = Responder(
            panel: panel, journal: journal, controlToken: controlToken, noStore: noStore, keepAlive: keepAlive,
            upstream: upstream, makesBodiesOffLoop: false, offLoop: offLoop)
        try self.init(panel: panel, journal: journal, keeping: fixtures, loop: loop, remote: remote) { pipeline in
            try SwitchboardServer.configure(pipeline, responder: responder, limits: limits)
            if let socket { try pipeline.addHandler(socket, position: .first) }
        }
    }

    /// The server for `manifest` and `files`, held in memory.
    convenience init(
        manifest: String, files: [String: [UInt8]] = [:], random: any RandomSource = SeededRandom.unseeded(),
        limits: ServerLimits = ServerLimits(), noStore: Bool = false, keepAlive: Bool = true,
        loop: EmbeddedEventLoop = EmbeddedEventLoop(), socket: SlowSocket? = nil, upstream: Upstream? = nil
    ) throws {
        try self.init(
            panel: MemoryFixtures(manifest, files: files, descriptions: .openAPI).panel(random: random), limits: limits,
            noStore: noStore,
            keepAlive: keepAlive, loop: loop, socket: socket,
            upstream: upstream)
    }

    /// The demo API in `fixtures/`.
    static func demo(
        limits: ServerLimits = ServerLimits(), controlToken: String? = nil,
        loop: EmbeddedEventLoop = EmbeddedEventLoop()
    ) throws -> WireHarness {
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        return try WireHarness(
            panel: ControlPanel(manifest: manifest), limits: limits, controlToken: controlToken, loop: loop)
    }
}
