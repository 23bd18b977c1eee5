import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

/// Requests nobody should send: each gets a clear status, is journaled, and
/// the server serves on — on the embedded channel.
@Suite struct HostileInputTests {
    static let coinlist = "GET /data/all/coinlist HTTP/1.1\r\nHost: x\r\n\r\n"

    /// A new connection to the same server is answered.
    func stillServes(_ wire: WireHarness) throws -> Bool {
        try WireHarness(panel: wire.panel, journal: wire.journal).response(to: Self.coinlist).status == 200
    }

    func rejections(_ journal: RequestJournal) -> [String] {
        journal.entries(after: 0).entries.compactMap { entry in entry.rejection.map { "\(entry.status.code) \($0)" } }
    }

    @Test func headersOverTheLimitGet431() throws {
        let wire = try WireHarness.demo(limits: ServerLimits(maxHeaderBytes: 4096))
        let reply = try wire.exchange(
            "GET /data/all/coinlist HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 5000))\r\n\r\n")
        #expect(reply.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large"))
        #expect(reply.contains("request headers too large"))
        #expect(self.rejections(wire.journal) == ["431 request headers too large"])
        #expect(try self.stillServes(wire))
    }

    @Test func aBodyOverTheLimitGets413AndTheConnectionCloses() throws {
        let limits = ServerLimits(maxBodyBytes: 1024)
        let wire = try WireHarness.demo(limits: limits)
        try wire.send("POST /login HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n")
        try? wire.send(bytes: Array(repeating: 65, count: 5000))
        #expect(try wire.written().hasPrefix("HTTP/1.1 413 Payload Too Large"))
        #expect(!wire.isActive)
        #expect(self.rejections(wire.journal) == ["413 body over 1KB"])
        let small = try WireHarness(panel: wire.panel, limits: limits)
        #expect(try small.response(to: "POST /login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}").status == 401)
    }

    @Test func slowHeadersGet408AndIdleConnectionsAreClosed() throws {
        let limits = ServerLimits(idleTimeout: .milliseconds(300), headerTimeout: .milliseconds(300))
        let slow = try WireHarness.demo(limits: limits)
        try slow.send("GET /data/all/coinlist HTTP/1.1\r\nHost: x\r\n")
        slow.advance(by: .milliseconds(300))
        #expect(try slow.written().hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(!slow.isActive)
        let idle = try WireHarness(panel: slow.panel, journal: slow.journal, limits: limits)
        idle.advance(by: .milliseconds(300))
        #expect(try idle.written().isEmpty)
        #expect(!idle.isActive)
        #expect(self.rejections(slow.journal) == ["408 request headers took too long"])
        // A connection that is waiting on a long delay is not "idle".
        try slow.panel.setLatency("sluggish", endpoint: "coinlist")
        let waiting = try WireHarness(panel: slow.panel, journal: slow.journal, limits: limits)
        try waiting.send(Self.coinlist)
        waiting.advance(by: .milliseconds(500))
        #expect(try waiting.responses().map(\.status) == [200])
    }

    @Test func malformedRequestsAreJournaledAsRejected() throws {
        let server = try WireHarness.demo()
        for bytes in [
            "GARBAGE\r\n\r\n", "GET /\u{1B}[2J HTTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/1.1\r\nBad Header\r\n\r\n",
        ] {
            let wire = try WireHarness(panel: server.panel, journal: server.journal)
            let reply = try wire.exchange(bytes)
            #expect(reply.hasPrefix("HTTP/1.1 400 Bad Request"), "\(bytes.debugDescription)")
            #expect(!wire.isActive)
        }
        #expect(self.rejections(server.journal).count == 3)
        #expect(self.rejections(server.journal).allSatisfy { $0.hasPrefix("400 malformed") })
        #expect(try self.stillServes(server))
    }
}
