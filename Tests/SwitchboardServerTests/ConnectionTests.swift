import Foundation
import NIOEmbedded
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

/// How the server behaves as an HTTP/1.1 peer: HEAD, bad input, HTTP/1.0,
/// keep-alive turned off, concurrent delays — on the embedded channel.
@Suite struct ConnectionTests {
    @Test func headGivesHeadersWithoutABody() throws {
        let wire = try WireHarness.demo()
        let reply = try wire.exchange("HEAD /images/kitten.jpg HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(reply.hasPrefix("HTTP/1.1 200 OK"))
        #expect(reply.contains("Content-Length: 10209"))
        #expect(reply.hasSuffix("\r\n\r\n"), "no body after the head")
        #expect(wire.isActive)
    }

    @Test func aMalformedRequestGets400AndTheServerServesOn() throws {
        let wire = try WireHarness.demo()
        #expect(try wire.exchange("GARBAGE\r\n\r\n").hasPrefix("HTTP/1.1 400"))
        #expect(!wire.isActive)
        let next = try WireHarness(panel: wire.panel)
        #expect(try next.response(to: "GET /data/all/coinlist HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
    }

    @Test func http10ClientsGetAClosedConnectionUnlessTheyAskForKeepAlive() throws {
        let wire = try WireHarness.demo()
        let reply = try wire.exchange("GET /data/all/coinlist HTTP/1.0\r\n\r\n")
        #expect(reply.hasPrefix("HTTP/1.0 200 OK"))
        #expect(reply.contains("Connection: close"))
        #expect(!wire.isActive)
        let kept = try WireHarness.demo()
        let again = try kept.exchange("GET /data/all/coinlist HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(again.hasPrefix("HTTP/1.0 200 OK"))
        #expect(kept.isActive)
    }

    @Test func aDelayedEndpointDoesNotHoldUpAnother() throws {
        // Two connections on one event loop, as two clients of one server may be.
        let loop = EmbeddedEventLoop()
        let slow = try WireHarness.demo(loop: loop)
        let fast = try WireHarness(panel: slow.panel, journal: slow.journal, loop: loop)
        try slow.panel.setLatency("slow", endpoint: "coinlist")
        try slow.send("GET /data/all/coinlist HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try fast.response(to: "GET /episodes/1 HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
        #expect(try slow.written().isEmpty)
        loop.advanceTime(by: .milliseconds(1999))
        #expect(try slow.written().isEmpty)
        loop.advanceTime(by: .milliseconds(1))
        #expect(try slow.responses().map(\.status) == [200])
        let entry = try #require(slow.entries.first { $0.endpointID == "coinlist" })
        #expect(entry.injectedDelay == .seconds(2))
        #expect(entry.latency == "slow")
        // A whole answer leaves at once: its first byte is at its end.
        #expect(entry.firstByte == .seconds(2))
    }

    @Test func aLargeUploadIsToldToGoAheadAtOnce() throws {
        // curl sends `Expect: 100-continue` for bodies over 1 MB and waits a
        // second for the go-ahead before sending it anyway.
        let wire = try WireHarness.demo()
        let go = try wire.exchange(
            "POST /login HTTP/1.1\r\nHost: x\r\nContent-Length: 1100000\r\nExpect: 100-continue\r\n\r\n")
        #expect(go.hasPrefix("HTTP/1.1 100 Continue\r\n\r\n"), "\(go)")
        try wire.send(bytes: [UInt8](repeating: 0, count: 1_100_000))
        // (Zeros are no password: the demo's login refuses them.)
        #expect(try wire.responses().map(\.status) == [401])
    }

    @Test func withoutKeepAliveEveryResponseSaysConnectionClose() throws {
        let panel = try MemoryFixtures(ConnectionReuseTests.manifest).panel()
        let wire = try WireHarness(panel: panel, keepAlive: false)
        let reply = try wire.exchange("GET /ok HTTP/1.1\r\nHost: x\r\n\r\nGET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(reply.contains("Connection: close"))
        #expect(reply.components(separatedBy: "HTTP/1.1 200 OK").count == 2, "one answer, then the close")
        #expect(!wire.isActive)
        let control = try WireHarness(panel: panel, keepAlive: false)
        #expect(
            try control.exchange("GET /__switchboard/endpoints HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").contains(
                "Connection: close"))
    }
}
