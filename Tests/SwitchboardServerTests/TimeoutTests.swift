import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The connection timeouts over real sockets, timed by the client: each
/// fires when it should, and not when it should not.
@Suite struct TimeoutTests {
    /// Short timeouts under test; the others long enough to tell them apart.
    static func server(
        idle: Duration = .seconds(30), header: Duration = .seconds(30), body: Duration = .seconds(30),
        files: [String: [UInt8]] = [:]
    ) throws -> RunningServer {
        let fixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - { id: a, method: GET, path: /a }
                  - { id: p, method: POST, path: /p }
                  - { id: big, method: GET, path: /big, success: { file: big.bin } }
                """, files: files.isEmpty ? ["big.bin": [0]] : files)
        return try RunningServer(
            panel: ControlPanel(manifest: ManifestLoader.load(directory: fixtures.path)),
            limits: ServerLimits(idleTimeout: idle, headerTimeout: header, bodyTimeout: body), keeping: fixtures)
    }

    /// Sends `bytes` and reads until the server closes, timed from the send.
    func exchange(_ server: RunningServer, _ bytes: String) async throws -> (reply: String, seconds: Double) {
        try await onThread {
            let started = Date()
            let reply = try RawHTTP.exchange(port: server.port, bytes: Array(bytes.utf8), timeout: 25)
            return (reply, Date().timeIntervalSince(started))
        }
    }

    @Test func headersThatStopHalfwayGet408AtTheHeaderTimeoutNotTheIdleOne() async throws {
        let server = try Self.server(header: .seconds(1))
        defer { server.stop() }
        let (reply, seconds) = try await self.exchange(server, "GET /a HTTP/1.1\r\nHost: x\r\n")
        #expect(reply.hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(seconds >= 0.9 && seconds < 20, "408 after \(seconds) s")
    }

    @Test func aBodyThatStopsArrivingGets408AtTheBodyTimeout() async throws {
        let server = try Self.server(body: .seconds(1))
        defer { server.stop() }
        let (reply, seconds) = try await self.exchange(
            server, "POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"half\":")
        #expect(reply.hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(seconds >= 0.9 && seconds < 20, "408 after \(seconds) s")
        let entry = try #require(server.journal.entries(after: 0).entries.first)
        #expect(entry.rejection == "request body stopped arriving")
        #expect(entry.target == "/p")
    }

    @Test func aSlowReaderGetsAllOfALargeAnswerPastTheIdleTimeout() async throws {
        let size = 16 << 20
        let server = try Self.server(idle: .milliseconds(300), files: ["big.bin": Array(repeating: 66, count: size)])
        defer { server.stop() }
        // A small receive window and pauses between reads: about three
        // seconds for the whole answer, ten times the idle timeout.
        let received = try await onThread {
            Self.readSlowly(port: server.port, request: "GET /big HTTP/1.1\r\nHost: x\r\n\r\n", pause: 0.01)
        }
        #expect(String(decoding: received.prefix(15), as: UTF8.self) == "HTTP/1.1 200 OK")
        #expect(received.count >= size, "got \(received.count) of \(size) bytes")
    }

    /// Reads the whole reply through a 16 KB receive buffer, 64 KB at a
    /// time with a pause after each, until the server closes.
    static func readSlowly(port: Int, request: String, pause: Double) -> [UInt8] {
        guard let fd = RawHTTP.connect(port: port, timeout: 10) else { return [] }
        defer { close(fd) }
        var small: Int32 = 16 * 1024
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        _ = Array(request.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = recv(fd, &buffer, buffer.count, Int32(MSG_WAITALL))
            if count > 0 { received.append(contentsOf: buffer[0..<count]) }
            if count < buffer.count { break }
            Thread.sleep(forTimeInterval: pause)
        }
        return received
    }
}
