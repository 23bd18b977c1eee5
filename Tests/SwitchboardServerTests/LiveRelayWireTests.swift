import NIOCore
import NIOEmbedded
import NIOHTTP1
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// A live answer relayed part by part on the embedded event loop: what is
/// kept of it for recording.
@Suite struct LiveRelayWireTests {
    static let manifest = "endpoints:\n  - { id: a, method: GET, path: /a, mode: live }\n"

    /// The server with one live endpoint, `request` sent to it, and the
    /// upstream that took it.
    struct Exchange {
        let wire: WireHarness
        let upstream: ScriptedUpstream
        let responder: Responder

        init(_ request: String = "GET /a HTTP/1.1\r\nHost: test\r\n\r\n") throws {
            let loop = EmbeddedEventLoop()
            let upstream = ScriptedUpstream()
            let fixtures = try TemporaryFixtures(manifest: LiveRelayWireTests.manifest)
            let panel = ControlPanel(manifest: try ManifestLoader.load(directory: fixtures.path))
            let journal = RequestJournal(capacity: 100)
            let responder = Responder(panel: panel, journal: journal, upstream: upstream.upstream(on: loop))
            self.wire = try WireHarness(panel: panel, journal: journal, keeping: fixtures, loop: loop) { pipeline in
                try SwitchboardServer.configure(pipeline, responder: responder, limits: ServerLimits())
            }
            self.upstream = upstream
            self.responder = responder
            try self.wire.send(request)
        }

        func head(_ status: HTTPResponseStatus, _ headers: HTTPHeaders) throws -> EventLoopFuture<Void> {
            try self.upstream.receiver.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))
        }
    }

    /// An SSE feed or a token stream can come a byte at a time. Each part
    /// must cost the relay the same, however many came before: the body
    /// kept for recording is merged into a few buffers as it comes, not
    /// kept (or, worse, copied) as a list growing by one per part.
    @Test func aHundredThousandOneBytePartsAreKeptMergedAndWhole() throws {
        let count = 100_000
        let body = (0..<count).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let exchange = try Exchange()
        _ = try exchange.head(.ok, ["Content-Length": String(count)])
        var relayed: [UInt8] = []
        relayed.reserveCapacity(count + 200)
        var failed = 0
        for (index, byte) in body.enumerated() {
            try exchange.upstream.receiver.bodyPart(ByteBuffer(bytes: [byte])).assumeIsolated()
                .whenFailure { _ in failed += 1 }
            if index % 1000 == 999 { relayed += try exchange.wire.writtenBytes() }
        }
        try exchange.upstream.receiver.end()
        relayed += try exchange.wire.writtenBytes()
        #expect(failed == 0)
        #expect(LiveToxicWireTests.body(of: relayed) == body)
        #expect(exchange.wire.entries.map(\.status) == [.answered(200)])
        #expect(exchange.wire.entries.first?.details?.responseBody == Array(body.prefix(capturedBodyLimit)))
        let kept = try #require(exchange.responder.answers.answer(for: "a"))
        let parts = try #require(kept.body)
        // 100,000 bytes in buffers of at most 64 KB: two.
        #expect(parts.count == 2)
        #expect(kept.bytes == body)
    }
}
