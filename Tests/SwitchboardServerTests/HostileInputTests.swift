import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Requests nobody should send: each gets a clear status, is journaled, and
/// the server serves on.
@Suite struct HostileInputTests {
    func server(_ limits: ServerLimits = ServerLimits()) throws -> (SwitchboardServer, RequestJournal, Int) {
        let running = try RunningServer.demo(limits: limits)
        return (running.server, running.journal, running.port)
    }

    func stillServes(_ port: Int) throws -> Bool {
        try CurlTiming.get(URL(string: "http://127.0.0.1:\(port)/data/all/coinlist")!).status == 200
    }

    func rejections(_ journal: RequestJournal) -> [String] {
        journal.entries(after: 0).entries.compactMap { entry in entry.rejection.map { "\(entry.status) \($0)" } }
    }

    @Test func headersOverTheLimitGet431() throws {
        let (server, journal, port) = try self.server(ServerLimits(maxHeaderBytes: 4096))
        defer { server.shutdown() }
        let reply = try RawHTTP.exchange(
            port: port,
            bytes: Array(
                "GET /data/all/coinlist HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 5000))\r\n\r\n"
                    .utf8))
        #expect(reply.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large"))
        #expect(reply.contains("request headers too large"))
        #expect(self.rejections(journal) == ["431 request headers too large"])
        #expect(try self.stillServes(port))
    }

    @Test func aBodyOverTheLimitGets413AndTheConnectionCloses() throws {
        let (server, journal, port) = try self.server(ServerLimits(maxBodyBytes: 1024))
        defer { server.shutdown() }
        let head = "POST /login HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n"
        let reply = try RawHTTP.exchange(port: port, bytes: Array(head.utf8) + Array(repeating: 65, count: 5000))
        #expect(reply.hasPrefix("HTTP/1.1 413 Payload Too Large"))
        #expect(self.rejections(journal) == ["413 body over 1KB"])
        let small = try CurlTiming.get(URL(string: "http://127.0.0.1:\(port)/login")!, extra: ["-d", "{}"])
        #expect(small.status == 200)
    }

    @Test func slowHeadersGet408AndIdleConnectionsAreClosed() throws {
        let (server, journal, port) = try self.server(
            ServerLimits(idleTimeout: .milliseconds(300), headerTimeout: .milliseconds(300)))
        defer { server.shutdown() }
        let started = Date()
        let slow = try RawHTTP.exchange(port: port, bytes: Array("GET /data/all/coinlist HTTP/1.1\r\nHost: x\r\n".utf8))
        #expect(slow.hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(Date().timeIntervalSince(started) < 3)
        let idle = try RawHTTP.exchange(port: port, bytes: [])
        #expect(idle.isEmpty)
        #expect(self.rejections(journal) == ["408 request headers took too long"])
        // A connection that is waiting on a long delay is not "idle".
        try server.panel.setLatency("sluggish", endpoint: "coinlist")
        #expect(try CurlTiming.get(URL(string: "http://127.0.0.1:\(port)/data/all/coinlist")!).status == 200)
    }

    @Test func malformedRequestsAreJournaledAsRejected() throws {
        let (server, journal, port) = try self.server()
        defer { server.shutdown() }
        for bytes in [
            "GARBAGE\r\n\r\n", "GET /\u{1B}[2J HTTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/1.1\r\nBad Header\r\n\r\n",
        ] {
            let reply = try RawHTTP.exchange(port: port, bytes: Array(bytes.utf8))
            #expect(reply.hasPrefix("HTTP/1.1 400 Bad Request"), "\(bytes.debugDescription)")
        }
        #expect(self.rejections(journal).count == 3)
        #expect(self.rejections(journal).allSatisfy { $0.hasPrefix("400 malformed") })
        #expect(try self.stillServes(port))
    }

    @Test func thousandsOfOpenConnectionsDoNotStopOtherClients() async throws {
        raiseOpenFileLimitForTests()
        let (server, _, port) = try self.server()
        defer { server.shutdown() }
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        for _ in 0..<3000 {
            guard let fd = RawHTTP.connect(port: port) else { break }
            sockets.append(fd)
        }
        #expect(sockets.count == 3000)
        #expect(await waitUntil { server.connectionCount >= 3000 })
        let timing = try CurlTiming.get(URL(string: "http://127.0.0.1:\(port)/data/all/coinlist")!)
        #expect(timing.status == 200)
        #expect(timing.total < 0.5, "took \(timing.total) s with 3,000 idle connections open")
    }

    @Test func shuttingDownAnswersDelayedRequestsAndClosesHungOnes() async throws {
        let (server, journal, port) = try self.server()
        try server.panel.setLatency("slow", endpoint: "coinlist")
        try server.panel.setMode(.hang, endpoint: "weather")
        async let delayed = onThread {
            try CurlTiming.get(URL(string: "http://127.0.0.1:\(port)/data/all/coinlist")!)
        }
        async let hung = onThread {
            try CurlTiming.get(URL(string: "http://127.0.0.1:\(port)/weather?lat=1&lon=2")!)
        }
        #expect(await waitUntil { server.requestsInFlight == 2 })
        let started = Date()
        server.shutdown()
        #expect(Date().timeIntervalSince(started) < 1.5)
        let (answered, closed) = try await (delayed, hung)
        #expect(answered.status == 200)
        #expect(answered.total < 1.5)
        #expect(closed.exitCode == 52)
        let entries = journal.entries(after: 0).entries
        #expect(entries.map(\.status).sorted() == [0, 200])
    }
}
