import NIOEmbedded
import SwitchboardCore
import SwitchboardSpecEndpoints
import SwitchboardTestSupport

@testable import SwitchboardServer

/// A server with `live` endpoints on the embedded event loop, in front of
/// a `ScriptedUpstream`: what Switchboard sends the upstream and writes
/// the client, checked without a socket, a second process or a real
/// client. Each request comes on a connection of its own unless the test
/// keeps one with `connect()`; all share one loop, panel and journal, as
/// connections to one server do.
struct LiveWire {
    let loop = EmbeddedEventLoop()
    let panel: ControlPanel
    let journal = RequestJournal(capacity: 100)
    let upstream = ScriptedUpstream()
    let responder: Responder
    /// The folder on disk, for a test that records into it.
    let fixtures: TemporaryFixtures?
    let limits: ServerLimits

    /// The server for `manifest` and its body `files`, or with no
    /// endpoints of its own (every request goes live) when there is none.
    init(
        _ manifest: String? = nil, files: [String: [UInt8]] = [:], seed: UInt64 = 1,
        settings: UpstreamSettings? = nil, limits: ServerLimits = ServerLimits(), offLoop: (any OffLoopWork)? = nil
    ) throws {
        self.limits = limits
        if let manifest {
            self.panel = try MemoryFixtures(manifest, files: files, descriptions: .openAPI).panel(seed: seed)
        } else {
            let empty = Manifest(directory: MemoryFixtures.folder, file: "/fixtures/switchboard.yml", endpoints: [])
            self.panel = ControlPanel(manifest: empty, random: SeededRandom(seed: seed))
        }
        self.fixtures = nil
        self.responder = Responder(
            panel: self.panel, journal: self.journal,
            upstream: self.upstream.upstream(on: self.loop, settings: settings), makesBodiesOffLoop: false,
            offLoop: offLoop)
    }

    /// The server for the folder `fixtures` on disk (or for the OpenAPI
    /// description `serving` in it): recording writes there.
    init(fixtures: TemporaryFixtures, serving file: String? = nil, seed: UInt64 = ManifestLoader.defaultSeed) throws {
        let path = file.map { fixtures.path + "/" + $0 } ?? fixtures.path
        self.panel = ControlPanel(
            manifest: try ManifestLoader.load(directory: path, seed: seed, descriptions: .openAPI))
        self.fixtures = fixtures
        self.limits = ServerLimits()
        self.responder = Responder(
            panel: self.panel, journal: self.journal, upstream: self.upstream.upstream(on: self.loop),
            makesBodiesOffLoop: false)
    }

    /// A client connection to the server.
    func connect() throws -> WireHarness {
        let responder = self.responder
        let limits = self.limits
        return try WireHarness(panel: self.panel, journal: self.journal, loop: self.loop) { pipeline in
            try SwitchboardServer.configure(pipeline, responder: responder, limits: limits)
        }
    }

    /// Sends `request` on a new connection; if it reaches the upstream,
    /// `reply` answers it. Every response written back, in order.
    func responses(
        to request: String, reply: (ScriptedUpstream) throws -> Void = { try $0.answer(.ok, body: "live") }
    ) throws -> [HTTPResult] {
        let wire = try self.connect()
        let sent = self.upstream.requests.count
        try wire.send(request)
        if self.upstream.requests.count > sent { try reply(self.upstream) }
        return try wire.responses(head: request.hasPrefix("HEAD "))
    }

    /// `GET path` on a new connection (for localhost, as the control API
    /// wants), answered by `reply`: the one response.
    func get(
        _ path: String, headers: [String] = [],
        reply: (ScriptedUpstream) throws -> Void = { try $0.answer(.ok, body: "live") }
    ) throws -> HTTPResult {
        let lines = (["GET \(path) HTTP/1.1", "Host: localhost"] + headers).joined(separator: "\r\n")
        let responses = try self.responses(to: lines + "\r\n\r\n", reply: reply)
        guard responses.count == 1 else {
            throw NotOne(count: responses.count, path: path)
        }
        return responses[0]
    }

    struct NotOne: Error {
        let count: Int
        let path: String
    }

    /// What the journal holds, oldest first.
    var entries: [JournalEntry] { self.journal.entries(after: 0).entries }
}
