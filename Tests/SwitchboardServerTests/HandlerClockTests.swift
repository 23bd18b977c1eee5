import NIOCore
import NIOEmbedded
import NIOHTTP1
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// The request handler on NIO's embedded event loop, whose clock only moves
/// when the test moves it: delays and trickled bodies checked to the
/// millisecond without waiting.
@Suite struct HandlerClockTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a, success: { file: body.bin } }
          - { id: p, method: POST, path: /p }
        latency_profiles:
          half: 500ms
          trickle: { delay: 100ms, bandwidth: 1KB/s }
        """

    /// A connected channel that has received `reads`, each as one read.
    /// With `socket`, writes reach the channel only as that socket takes them.
    func channel(
        latency: String? = nil, limits: ServerLimits = ServerLimits(), socket: SlowSocket? = nil,
        reads: [String] = ["GET /a HTTP/1.1\r\nHost: test\r\n\r\n"]
    ) throws -> (EmbeddedChannel, RunningPanel) {
        let fixtures = try TemporaryFixtures(
            manifest: Self.manifest, files: ["body.bin": Array(repeating: 65, count: 2048)])
        let panel = ControlPanel(manifest: try ManifestLoader.load(directory: fixtures.path))
        try panel.setLatency(latency, endpoint: "a")
        let journal = RequestJournal(capacity: 10)
        let channel = EmbeddedChannel()
        try SwitchboardServer.configure(
            channel.pipeline.syncOperations, responder: Responder(panel: panel, journal: journal), limits: limits)
        if let socket { try channel.pipeline.syncOperations.addHandler(socket, position: .first) }
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        for read in reads { try channel.writeInbound(ByteBuffer(string: read)) }
        return (channel, RunningPanel(panel: panel, journal: journal, fixtures: fixtures))
    }

    struct RunningPanel {
        let panel: ControlPanel
        let journal: RequestJournal
        let fixtures: TemporaryFixtures
    }

    func written(_ channel: EmbeddedChannel) throws -> String {
        var text = ""
        while var buffer = try channel.readOutbound(as: ByteBuffer.self) {
            text += buffer.readString(length: buffer.readableBytes) ?? ""
        }
        return text
    }

    @Test func aBodyInALaterReadLeavesAnIdleConnectionNotASlowHead() throws {
        let limits = ServerLimits(idleTimeout: .seconds(5), headerTimeout: .milliseconds(200))
        let (channel, running) = try self.channel(
            limits: limits, reads: ["POST /p HTTP/1.1\r\nHost: test\r\nContent-Length: 2\r\n\r\n", "{}"])
        defer { _ = try? channel.finish() }
        #expect(try self.written(channel).hasPrefix("HTTP/1.1 200 OK"))
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(try self.written(channel).isEmpty)
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(4))
        #expect(!channel.isActive)
        #expect(running.journal.entries(after: 0).entries.map(\.status) == [.answered(200)])
    }

    @Test func nothingIsWrittenUntilTheDelayHasPassed() throws {
        let (channel, running) = try self.channel(latency: "half")
        defer { _ = try? channel.finish() }
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(499))
        #expect(try self.written(channel).isEmpty)
        #expect(running.journal.entries(after: 0).entries.isEmpty)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(try self.written(channel).hasPrefix("HTTP/1.1 200 OK"))
        #expect(running.journal.entries(after: 0).entries.first?.injectedDelay == .milliseconds(500))
    }

    @Test func aLimitedBodyArrivesAtTheRateAfterTheHeaders() throws {
        let (channel, _) = try self.channel(latency: "trickle")
        defer { _ = try? channel.finish() }
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(100))
        let head = try self.written(channel)
        #expect(head.hasPrefix("HTTP/1.1 200 OK"))
        #expect(head.contains("Content-Length: 2048"))
        #expect(!head.contains("AAAA"))
        // 1 KB/s in 51-byte chunks: after one more second, half the body
        // (to within a chunk); after two, all of it.
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1000))
        let first = try self.written(channel)
        #expect((1024 - 51...1024).contains(first.count), "\(first.count) bytes")
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(999))
        let second = try self.written(channel)
        #expect(first.count + second.count < 2048)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(first.count + second.count + (try self.written(channel)).count == 2048)
    }

    @Test func theTricklePlanSpreadsBytesEvenly() {
        let plan = BodyTrickle(bytes: 32_768, bytesPerSecond: 16_384)
        let chunks = sequence(first: plan.chunk(at: 0)) { $0.flatMap { plan.chunk(at: $0.offset + $0.length) } }
            .prefix { $0 != nil }.compactMap { $0 }
        #expect(chunks.map(\.length).reduce(0, +) == 32_768)
        #expect(chunks.last?.at == .seconds(2))
        #expect(abs((chunks.first?.at ?? .zero).milliseconds - 50) < 1)
        #expect(BodyTrickle(bytes: 0, bytesPerSecond: 100).chunk(at: 0) == nil)
    }
}
