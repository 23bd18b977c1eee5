import NIOCore
import NIOEmbedded
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// The connection toxics on a `live` answer, relayed as the upstream sends
/// it, on the embedded event loop's clock: the test plays the upstream a
/// part at a time and sees what leaves for the client, and when the
/// upstream is let to send on.
@Suite struct LiveToxicWireTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a, mode: live }
        latency_profiles:
          slow: { bandwidth: 1KB/s }
        """
    static let body = ToxicWireTests.body
    static let lengthHead = HTTPResponseHead(
        version: .http1_1, status: .ok,
        headers: ["Content-Type": "application/octet-stream", "Content-Length": "2048"])
    static let chunkedHead = HTTPResponseHead(
        version: .http1_1, status: .ok, headers: ["Content-Type": "text/plain", "Transfer-Encoding": "chunked"])

    /// The server with `toxics` on its live endpoint, a request sent, and
    /// the upstream that took it.
    struct Relay {
        let wire: WireHarness
        let upstream: ScriptedUpstream

        init(_ toxics: Toxics, latency: String? = nil, mode: Mode = .live, seed: UInt64 = 42) throws {
            let loop = EmbeddedEventLoop()
            self.upstream = ScriptedUpstream()
            self.wire = try WireHarness(
                manifest: LiveToxicWireTests.manifest, random: SeededRandom(seed: seed), loop: loop,
                upstream: self.upstream.upstream(on: loop))
            try self.wire.panel.set(endpoint: "a", SettingChange(toxics: toxics))
            try self.wire.panel.setLatency(latency, endpoint: "a")
            try self.wire.panel.setMode(mode, endpoint: "a")
            try self.wire.send("GET /a HTTP/1.1\r\nHost: test\r\n\r\n")
        }

        func head(_ head: HTTPResponseHead) throws -> Completion {
            Completion(try self.upstream.receiver.head(head))
        }

        /// A part the upstream's read brought, all of that read: the
        /// loop's pass ends after it, and the relay writes what it took.
        func part(_ bytes: ArraySlice<UInt8>) throws -> Completion {
            let taken = Completion(try self.upstream.receiver.bodyPart(ByteBuffer(bytes: bytes)))
            self.wire.channel.embeddedEventLoop.run()
            return taken
        }

        func end() throws {
            try self.upstream.receiver.end()
        }

        /// Each buffer the server wrote since the last call, one per write.
        func writes() throws -> [[UInt8]] {
            var writes: [[UInt8]] = []
            while var buffer = try self.wire.channel.readOutbound(as: ByteBuffer.self) {
                writes.append(buffer.readBytes(length: buffer.readableBytes) ?? [])
            }
            return writes.filter { !$0.isEmpty }
        }
    }

    /// Whether a back-pressure future has completed: the upstream may send on.
    final class Completion {
        private(set) var done = false

        init(_ future: EventLoopFuture<Void>) {
            future.assumeIsolated().whenComplete { _ in self.done = true }
        }
    }

    /// Relays the body in two reads under the slicer, a millisecond at a
    /// time: the pieces' sizes and when each left, the body, and whether
    /// the upstream's second read was held back until the first's last
    /// piece was out.
    func sliced(seed: UInt64) throws -> (sizes: [Int], times: [Int], body: [UInt8], heldBack: Bool) {
        let relay = try Relay(.slicer, seed: seed)
        #expect(try relay.head(Self.lengthHead).done)
        let head = String(decoding: try relay.writes().joined(), as: UTF8.self)
        #expect(head.hasPrefix("HTTP/1.1 200 OK") && head.contains("Content-Length: 2048"))
        var sizes: [Int] = []
        var times: [Int] = []
        var body: [UInt8] = []
        var heldBack = true
        var millisecond = 0
        // Taken at once: no write is out yet.
        #expect(try relay.part(Self.body[..<1500]).done)
        var second: Completion?
        while body.count < Self.body.count && millisecond < 5000 {
            for write in try relay.writes() {
                sizes.append(write.count)
                times.append(millisecond)
                body += write
            }
            if second == nil && !body.isEmpty {
                // The next read comes while the first one's pieces go out.
                second = try relay.part(Self.body[1500...])
            }
            if let second, body.count < 1500 { heldBack = heldBack && !second.done }
            if body.count < Self.body.count {
                relay.wire.advance(by: .milliseconds(1))
                millisecond += 1
            }
        }
        #expect(second?.done == true)
        try relay.end()
        #expect(try relay.writes().isEmpty)
        #expect(relay.wire.isActive)
        #expect(relay.wire.entries.map(\.status) == [.answered(200)])
        #expect(relay.wire.entries.first?.toxics == .slicer)
        return (sizes, times, body, heldBack)
    }

    @Test func theSlicerRelaysTheBodyInSmallSeededPiecesAndHoldsTheUpstreamBack() throws {
        let run = try self.sliced(seed: 42)
        #expect(run.body == Self.body)
        ToxicWireTests.expectSlicerPieces(sizes: run.sizes, times: run.times)
        #expect(run.heldBack)
        // The same seed gives the same pieces at the same times; another does not.
        let again = try self.sliced(seed: 42)
        #expect(again.sizes == run.sizes && again.times == run.times)
        #expect(try self.sliced(seed: 7).sizes != run.sizes)
    }

    @Test func limitDataCutsTheRelayedBodyUnderTheUpstreamsLength() throws {
        let relay = try Relay(.limitData(100))
        _ = try relay.head(Self.lengthHead)
        let written = try relay.part(Self.body[..<1024])
        let bytes = Array(try relay.writes().joined())
        let text = String(decoding: bytes, as: UTF8.self)
        // The promise of the whole body is kept; the body is not.
        #expect(text.hasPrefix("HTTP/1.1 200 OK") && text.contains("Content-Length: 2048"))
        #expect(Self.body(of: bytes) == Array(Self.body.prefix(100)))
        #expect(written.done)
        #expect(!relay.wire.isActive)
        #expect(relay.upstream.cancelled)
        let entry = try #require(relay.wire.entries.first)
        #expect(entry.status == .answered(200))
        #expect(entry.mode == .live && entry.upstream != nil)
        #expect(entry.toxics == .limitData(100))
    }

    @Test func limitDataCutsAChunkedAnswerBeforeItsLastChunk() throws {
        let relay = try Relay(.limitData(100))
        _ = try relay.head(Self.chunkedHead)
        _ = try relay.part(Self.body[..<60])
        #expect(relay.wire.isActive)
        _ = try relay.part(Self.body[60..<120])
        let text = String(decoding: try relay.writes().joined(), as: UTF8.self)
        #expect(text.lowercased().contains("transfer-encoding: chunked"))
        // Two chunks, of 60 bytes and of the 40 the limit leaves; no last chunk.
        #expect(text.contains("\r\n3c\r\n") && text.contains("\r\n28\r\n"))
        #expect(!text.hasSuffix("0\r\n\r\n"))
        #expect(!relay.wire.isActive)
        #expect(relay.upstream.cancelled)
    }

    @Test func aLimitAtTheBodysSizeChangesNothing() throws {
        let relay = try Relay(.limitData(2048))
        _ = try relay.head(Self.lengthHead)
        #expect(try relay.part(Self.body[..<1024]).done)
        #expect(try relay.part(Self.body[1024...]).done)
        try relay.end()
        let responses = WireResponses.parse(Array(try relay.writes().joined()), bodiless: false)
        #expect(responses.count == 1 && responses.first.map { [UInt8]($0.body) } == Self.body)
        #expect(relay.wire.isActive)
        #expect(!relay.upstream.cancelled)
    }

    @Test func underABandwidthTheCutComesOnceTheLimitHasTrickledOut() throws {
        let relay = try Relay(.limitData(512), latency: "slow")
        _ = try relay.head(Self.lengthHead)
        _ = try relay.writes()
        #expect(try relay.part(Self.body[..<1024]).done)
        // The next read waits for the write out.
        let next = try relay.part(Self.body[1024...])
        // 1 KB/s: 512 bytes are due half a second after the head.
        relay.wire.advance(by: .milliseconds(499))
        #expect(try relay.writes().isEmpty)
        #expect(!next.done && relay.wire.isActive)
        relay.wire.advance(by: .milliseconds(1))
        #expect(try relay.writes().joined().count == 512)
        #expect(!relay.wire.isActive)
    }

    @Test func slowCloseSaysCloseAndClosesOnlyAfterTheDelayPastTheRelayedEnd() throws {
        let relay = try Relay(.slowClose(.seconds(1)))
        _ = try relay.head(Self.lengthHead)
        _ = try relay.part(Self.body[...])
        try relay.end()
        let responses = WireResponses.parse(Array(try relay.writes().joined()), bodiless: false)
        #expect(responses.count == 1 && responses.first.map { [UInt8]($0.body) } == Self.body)
        #expect(responses.first?.header("Connection") == "close")
        #expect(relay.wire.entries.map(\.status) == [.answered(200)])
        relay.wire.advance(by: .milliseconds(999))
        #expect(relay.wire.isActive)
        relay.wire.advance(by: .milliseconds(1))
        #expect(!relay.wire.isActive)
    }

    /// The client leaves while a part waits for its turn (the slicer's
    /// next piece, or a bandwidth's), and the upstream's next read waits
    /// behind it: the upstream's request is cancelled, the journal says the
    /// client left, and the waiting read is answered, so the transport is
    /// never left waiting on it.
    @Test(arguments: [(Toxics.slicer, nil), (.none, "slow")])
    func aClientThatLeavesMidPartStopsTheRelay(_ toxics: Toxics, latency: String?) throws {
        let relay = try Relay(toxics, latency: latency)
        _ = try relay.head(Self.lengthHead)
        _ = try relay.part(Self.body[..<1024])
        let written = try relay.part(Self.body[1024...])
        relay.wire.advance(by: .milliseconds(20))
        #expect(!written.done)
        relay.wire.disconnect()
        #expect(relay.upstream.cancelled)
        #expect(relay.wire.entries.map(\.status) == [.clientLeft])
        #expect(written.done)
    }

    /// `truncated` is a fault: it cuts the live answer at its half, and the
    /// toxics leave it alone, as they leave a fixture's.
    @Test func toxicsLeaveATruncatedLiveAnswerAlone() throws {
        let relay = try Relay(.limitData(10), mode: .truncated)
        _ = try relay.head(Self.lengthHead)
        _ = try relay.part(Self.body[...])
        let bytes = Array(try relay.writes().joined())
        #expect(String(decoding: bytes, as: UTF8.self).contains("Content-Length: \(2048 + 1024)"))
        #expect(Self.body(of: bytes) == Array(Self.body.prefix(1024)))
    }

    /// What follows the head in `bytes`.
    static func body(of bytes: [UInt8]) -> [UInt8] {
        let end = Array("\r\n\r\n".utf8)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: end) }) else { return [] }
        return Array(bytes[(start + end.count)...])
    }
}
