import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// Injected latency on the virtual clock: the status line comes when the
/// delay is over, not a millisecond before, and a limited body takes as
/// long as its size at the bandwidth.
@Suite struct LatencyTimingTests {
    static let manifest = """
        endpoints:
          - { id: slow, method: GET, path: /slow, latency: half }
          - { id: file, method: GET, path: /file, success: { file: body.bin } }
        latency_profiles:
          half: 500ms
          trickle: { bandwidth: 16KB/s }
        """
    static let body = (0..<32_768).map { UInt8(truncatingIfNeeded: $0 &* 31) }

    func harness() throws -> WireHarness {
        try WireHarness(manifest: Self.manifest, files: ["body.bin": Self.body])
    }

    @Test func a500msDelayHoldsEachAnswerFor500ms() throws {
        let wire = try self.harness()
        for _ in 0..<3 {
            try wire.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
            wire.advance(by: .milliseconds(499))
            #expect(try wire.written().isEmpty)
            wire.advance(by: .milliseconds(1))
            #expect(try wire.responses().map(\.status) == [200])
        }
        #expect(wire.entries.count == 3)
        let entry = try #require(wire.entries.last)
        #expect(entry.injectedDelay == .milliseconds(500))
        #expect(entry.duration == .milliseconds(500))
    }

    /// 200 clients at once on one event loop: each waits its own 500 ms,
    /// all overlapping (one after another they would take 100 s). How
    /// close to 500 ms they land on a real socket is the benchmark's to
    /// say (`scripts/bench.sh`, part 2: p50 and p99 of 200 connections).
    @Test func twoHundredConcurrentDelayedRequestsEachTakeAboutTheDelay() throws {
        // One server (panel, journal, event loop); 200 connections to it.
        let server = try self.harness()
        let journal = RequestJournal(capacity: 200)
        let wires = try (0..<200).map { _ in
            try WireHarness(panel: server.panel, journal: journal, loop: server.channel.embeddedEventLoop)
        }
        for wire in wires { try wire.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n") }
        server.advance(by: .milliseconds(499))
        #expect(try wires.allSatisfy { try $0.written().isEmpty })
        server.advance(by: .milliseconds(1))
        #expect(try wires.map { try $0.responses().map(\.status) } == Array(repeating: [200], count: 200))
        let entries = journal.entries(after: 0).entries
        #expect(entries.count == 200)
        #expect(entries.allSatisfy { $0.duration == .milliseconds(500) })
    }

    @Test func a32KBBodyAt16KBPerSecondTakesTwoSeconds() throws {
        let wire = try self.harness()
        try wire.panel.setLatency("trickle", endpoint: "file")
        try wire.send("GET /file HTTP/1.1\r\nHost: t\r\n\r\n")
        // The headers at once, then the body at the rate.
        var received = try wire.writtenBytes()
        #expect(String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 200 OK"))
        wire.advance(by: .milliseconds(1999))
        received += try wire.writtenBytes()
        let response = try #require(WireResponses.parse(received).first)
        #expect(response.body.count < 32_768)
        wire.advance(by: .milliseconds(1))
        received += try wire.writtenBytes()
        #expect(WireResponses.parse(received).first?.body == Data(Self.body))
        #expect(wire.entries.first?.duration == .seconds(2))
    }

    @Test func presetsAddTheirRoundTripBeforeTheStatusLine() throws {
        let wire = try self.harness()
        try wire.panel.setLatency("edge", endpoint: "slow")
        try wire.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        wire.advance(by: .milliseconds(299))
        #expect(try wire.written().isEmpty)
        wire.advance(by: .milliseconds(1))
        #expect(try wire.written().hasPrefix("HTTP/1.1 200 OK"))
    }
}
