import NIOCore
import NIOEmbedded
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// Latency applies to what is not a plain answer too: a truncated body
/// trickles like any other, and a preflight takes the round trip.
extension HandlerClockTests {
    @Test func aTruncatedBodyTricklesAtTheBandwidthThenStops() throws {
        let (channel, running) = try self.channel(latency: "trickle", reads: [])
        defer { _ = try? channel.finish() }
        try running.panel.setMode(.truncated, endpoint: "a")
        try channel.writeInbound(ByteBuffer(string: "GET /a HTTP/1.1\r\nHost: test\r\n\r\n"))
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(100))
        let head = try self.written(channel)
        #expect(head.hasPrefix("HTTP/1.1 200 OK"))
        #expect(head.contains("Content-Length: 3072"))
        #expect(!head.contains("A"))
        // Half of the 2 KB body at 1 KB/s: one second, not at once.
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(500))
        let first = try self.written(channel)
        #expect((512 - 51...512).contains(first.count), "\(first.count) bytes after 500 ms")
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(499))
        let second = try self.written(channel)
        #expect(first.count + second.count < 1024)
        #expect(running.journal.entries(after: 0).entries.isEmpty)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(first.count + second.count + (try self.written(channel)).count == 1024)
        #expect(!channel.isActive)
        let entry = try #require(running.journal.entries(after: 0).entries.first)
        #expect(entry.status == .answered(200) && entry.mode == .truncated)
        #expect(entry.duration == .milliseconds(1100))
    }

    @Test func aPreflightTakesTheEndpointsRoundTripButNotItsMode() throws {
        let (channel, running) = try self.channel(latency: "half", reads: [])
        defer { _ = try? channel.finish() }
        try running.panel.setMode(.reset, endpoint: "a")
        try channel.writeInbound(
            ByteBuffer(
                string: "OPTIONS /a HTTP/1.1\r\nHost: test\r\nOrigin: http://localhost:3000\r\n"
                    + "Access-Control-Request-Method: GET\r\n\r\n"))
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(499))
        #expect(try self.written(channel).isEmpty)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(try self.written(channel).hasPrefix("HTTP/1.1 204 No Content"))
        #expect(channel.isActive)
        #expect(running.journal.entries(after: 0).entries.first?.injectedDelay == .milliseconds(500))
    }
}
