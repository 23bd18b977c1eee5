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
    func stillServes(_ server: RunningServer) async throws -> Bool {
        try await CurlTiming.get(server.url("/data/all/coinlist")).status == 200
    }

    func rejections(_ journal: RequestJournal) -> [String] {
        journal.entries(after: 0).entries.compactMap { entry in entry.rejection.map { "\(entry.status.code) \($0)" } }
    }

    @Test func headersOverTheLimitGet431() async throws {
        let server = try RunningServer.demo(limits: ServerLimits(maxHeaderBytes: 4096))
        defer { server.stop() }
        let reply = try await RawHTTP.exchange(
            port: server.port,
            bytes: Array(
                "GET /data/all/coinlist HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 5000))\r\n\r\n"
                    .utf8))
        #expect(reply.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large"))
        #expect(reply.contains("request headers too large"))
        #expect(self.rejections(server.journal) == ["431 request headers too large"])
        #expect(try await self.stillServes(server))
    }

    @Test func aBodyOverTheLimitGets413AndTheConnectionCloses() async throws {
        let server = try RunningServer.demo(limits: ServerLimits(maxBodyBytes: 1024))
        defer { server.stop() }
        let head = "POST /login HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n"
        let reply = try await RawHTTP.exchange(
            port: server.port, bytes: Array(head.utf8) + Array(repeating: 65, count: 5000))
        #expect(reply.hasPrefix("HTTP/1.1 413 Payload Too Large"))
        #expect(self.rejections(server.journal) == ["413 body over 1KB"])
        let small = try await CurlTiming.get(server.url("/login"), extra: ["-d", "{}"])
        #expect(small.status == 200)
    }

    @Test func slowHeadersGet408AndIdleConnectionsAreClosed() async throws {
        let server = try RunningServer.demo(
            limits: ServerLimits(idleTimeout: .milliseconds(300), headerTimeout: .milliseconds(300)))
        defer { server.stop() }
        // Timed on the thread that waits: not how long this task then waits
        // for a concurrency thread to resume it.
        let (slow, seconds) = try await onThread {
            let started = Date()
            let reply = try RawHTTP.exchange(
                port: server.port, bytes: Array("GET /data/all/coinlist HTTP/1.1\r\nHost: x\r\n".utf8))
            return (reply, Date().timeIntervalSince(started))
        }
        #expect(slow.hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(seconds < 3)
        let idle = try await RawHTTP.exchange(port: server.port, bytes: [])
        #expect(idle.isEmpty)
        #expect(self.rejections(server.journal) == ["408 request headers took too long"])
        // A connection that is waiting on a long delay is not "idle".
        try server.panel.setLatency("sluggish", endpoint: "coinlist")
        #expect(try await CurlTiming.get(server.url("/data/all/coinlist")).status == 200)
    }

    @Test func malformedRequestsAreJournaledAsRejected() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        for bytes in [
            "GARBAGE\r\n\r\n", "GET /\u{1B}[2J HTTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/1.1\r\nBad Header\r\n\r\n",
        ] {
            let reply = try await RawHTTP.exchange(port: server.port, bytes: Array(bytes.utf8))
            #expect(reply.hasPrefix("HTTP/1.1 400 Bad Request"), "\(bytes.debugDescription)")
        }
        #expect(self.rejections(server.journal).count == 3)
        #expect(self.rejections(server.journal).allSatisfy { $0.hasPrefix("400 malformed") })
        #expect(try await self.stillServes(server))
    }

    @Test func thousandsOfOpenConnectionsDoNotStopOtherClients() async throws {
        raiseOpenFileLimitForTests()
        let server = try RunningServer.demo()
        defer { server.stop() }
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        for _ in 0..<3000 {
            guard let fd = await RawHTTP.connect(port: server.port) else { break }
            sockets.append(fd)
        }
        #expect(sockets.count == 3000)
        #expect(await waitUntil { server.server.connectionCount >= 3000 })
        let timing = try await CurlTiming.get(server.url("/data/all/coinlist"))
        #expect(timing.status == 200)
        #expect(timing.total < 0.5, "took \(timing.total) s with 3,000 idle connections open")
    }

    @Test func shuttingDownAnswersDelayedRequestsAndClosesHungOnes() async throws {
        let server = try RunningServer.demo()
        try server.panel.setLatency("slow", endpoint: "coinlist")
        try server.panel.setMode(.hang, endpoint: "weather")
        // 500 ms, then 20 KB/s: still waiting, or trickling, when it stops.
        try server.panel.setLatency("gprs", endpoint: "kitten")
        let delayed = StartedWork { try CurlTiming.get(server.url("/data/all/coinlist")) }
        let hung = StartedWork { try CurlTiming.get(server.url("/weather?lat=1&lon=2")) }
        let limited = StartedWork { try CurlTiming.get(server.url("/images/kitten.jpg")) }
        // Stopped from a thread of its own the moment all three are in
        // flight: a test task may wait seconds for a concurrency thread.
        let stopping = try await onThread { () -> Double? in
            let deadline = Date().addingTimeInterval(10)
            while server.server.requestsInFlight < 3 && Date() < deadline { usleep(1000) }
            guard server.server.requestsInFlight == 3 else { return nil }
            let started = Date()
            server.stop()
            return Date().timeIntervalSince(started)
        }
        #expect(try #require(stopping, "the three requests were never in flight together") < 1.5)
        let (answered, closed, whole) = try await (delayed.value, hung.value, limited.value)
        #expect(answered.status == 200)
        #expect(answered.total < 1.5)
        #expect(closed.exitCode == 52)
        let kitten = try Data(contentsOf: RepositoryPaths.fixtures.appendingPathComponent("images/kitten.jpg"))
        #expect(whole.exitCode == 0 && whole.status == 200 && whole.bytes == kitten.count, "\(whole)")
        #expect(server.journal.entries(after: 0).entries.map(\.status.code).sorted() == [0, 200, 200])
    }
}
