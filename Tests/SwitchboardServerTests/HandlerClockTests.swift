import NIOCore
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

    /// A connection that has received `reads`, each as one read, with
    /// endpoint `a` at `latency`. With `socket`, writes reach the client only
    /// as that socket takes them.
    func harness(
        latency: String? = nil, limits: ServerLimits = ServerLimits(), socket: SlowSocket? = nil,
        reads: [String] = ["GET /a HTTP/1.1\r\nHost: test\r\n\r\n"]
    ) throws -> WireHarness {
        let wire = try WireHarness(
            manifest: Self.manifest, files: ["body.bin": Array(repeating: 65, count: 2048)], limits: limits,
            socket: socket)
        try wire.panel.setLatency(latency, endpoint: "a")
        for read in reads { try wire.send(read) }
        return wire
    }

    @Test func aBodyInALaterReadLeavesAnIdleConnectionNotASlowHead() throws {
        let limits = ServerLimits(idleTimeout: .seconds(5), headerTimeout: .milliseconds(200))
        let wire = try self.harness(
            limits: limits, reads: ["POST /p HTTP/1.1\r\nHost: test\r\nContent-Length: 2\r\n\r\n", "{}"])
        #expect(try wire.written().hasPrefix("HTTP/1.1 200 OK"))
        wire.advance(by: .seconds(1))
        #expect(try wire.written().isEmpty)
        #expect(wire.isActive)
        wire.advance(by: .seconds(4))
        #expect(!wire.isActive)
        #expect(wire.entries.map(\.status) == [.answered(200)])
    }

    @Test func nothingIsWrittenUntilTheDelayHasPassed() throws {
        let wire = try self.harness(latency: "half")
        wire.advance(by: .milliseconds(499))
        #expect(try wire.written().isEmpty)
        #expect(wire.entries.isEmpty)
        wire.advance(by: .milliseconds(1))
        #expect(try wire.written().hasPrefix("HTTP/1.1 200 OK"))
        #expect(wire.entries.first?.injectedDelay == .milliseconds(500))
    }

    @Test func aLimitedBodyArrivesAtTheRateAfterTheHeaders() throws {
        let wire = try self.harness(latency: "trickle")
        wire.advance(by: .milliseconds(100))
        let head = try wire.written()
        #expect(head.hasPrefix("HTTP/1.1 200 OK"))
        #expect(head.contains("Content-Length: 2048"))
        #expect(!head.contains("AAAA"))
        // 1 KB/s in 51-byte chunks: after one more second, half the body
        // (to within a chunk); after two, all of it.
        wire.advance(by: .milliseconds(1000))
        let first = try wire.written()
        #expect((1024 - 51...1024).contains(first.count), "\(first.count) bytes")
        wire.advance(by: .milliseconds(999))
        let second = try wire.written()
        #expect(first.count + second.count < 2048)
        wire.advance(by: .milliseconds(1))
        #expect(first.count + second.count + (try wire.written()).count == 2048)
    }
}
