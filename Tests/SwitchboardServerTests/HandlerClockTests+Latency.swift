import NIOCore
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// Latency applies to what is not a plain answer too: a truncated body
/// trickles like any other, and a preflight takes the round trip.
extension HandlerClockTests {
    @Test func aTruncatedBodyTricklesAtTheBandwidthThenStops() throws {
        let wire = try self.harness(latency: "trickle", reads: [])
        try wire.panel.setMode(.truncated, endpoint: "a")
        try wire.send("GET /a HTTP/1.1\r\nHost: test\r\n\r\n")
        wire.advance(by: .milliseconds(100))
        let head = try wire.written()
        #expect(head.hasPrefix("HTTP/1.1 200 OK"))
        #expect(head.contains("Content-Length: 3072"))
        #expect(!head.contains("A"))
        // Half of the 2 KB body at 1 KB/s: one second, not at once.
        wire.advance(by: .milliseconds(500))
        let first = try wire.written()
        #expect((512 - 51...512).contains(first.count), "\(first.count) bytes after 500 ms")
        #expect(wire.isActive)
        wire.advance(by: .milliseconds(499))
        let second = try wire.written()
        #expect(first.count + second.count < 1024)
        #expect(wire.entries.isEmpty)
        wire.advance(by: .milliseconds(1))
        #expect(first.count + second.count + (try wire.written()).count == 1024)
        #expect(!wire.isActive)
        let entry = try #require(wire.entries.first)
        #expect(entry.status == .answered(200) && entry.mode == .truncated)
        #expect(entry.duration == .milliseconds(1100))
        // The status line left after the delay; the body took the rest.
        #expect(entry.firstByte == .milliseconds(100))
    }

    @Test func aPreflightTakesTheEndpointsRoundTripButNotItsMode() throws {
        let wire = try self.harness(latency: "half", reads: [])
        try wire.panel.setMode(.reset, endpoint: "a")
        try wire.send(
            "OPTIONS /a HTTP/1.1\r\nHost: test\r\nOrigin: http://localhost:3000\r\n"
                + "Access-Control-Request-Method: GET\r\n\r\n")
        wire.advance(by: .milliseconds(499))
        #expect(try wire.written().isEmpty)
        wire.advance(by: .milliseconds(1))
        #expect(try wire.written().hasPrefix("HTTP/1.1 204 No Content"))
        #expect(wire.isActive)
        #expect(wire.entries.first?.injectedDelay == .milliseconds(500))
    }
}
