import Foundation
import SwitchboardCore
import SwitchboardModel
import SwitchboardServer
import SwitchboardTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension LiveFaultTests {
    /// A server whose `json` endpoint is in `mode`, in front of an
    /// upstream on 127.0.0.1:`upstreamPort`.
    static func server(_ manifest: String, mode: Mode, upstreamPort: Int?) throws -> RunningServer {
        let fixtures = try TemporaryFixtures(manifest: manifest)
        let panel = ControlPanel(
            manifest: try ManifestLoader.load(directory: fixtures.path), random: SeededRandom(seed: 99))
        try panel.setMode(mode, endpoint: "json")
        let settings = UpstreamSettings(
            url: upstreamPort.map { UpstreamURL(scheme: "http", host: "127.0.0.1", port: $0) })
        return try RunningServer(panel: panel, keeping: fixtures, upstream: settings)
    }

    /// The server in `truncated` in front of `upstream`, for `path`.
    static func cutting(_ path: String, upstreamPort: Int) throws -> RunningServer {
        try Self.server(
            "endpoints:\n  - { id: json, method: GET, path: \(path), mode: live }\n", mode: .truncated,
            upstreamPort: upstreamPort)
    }

    /// An answer with a Content-Length is not held: its first bytes reach
    /// the client while the upstream is still far from done (1 GB), under
    /// a head promising that length plus 1 KB.
    @Test func anAnswerOfKnownLengthStreamsItsHalfWithoutBeingHeld() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await Self.cutting("/endless", upstreamPort: upstream.port).serving { live in
            let read = try await Self.read(port: live.port, path: "/endless", upTo: 1 << 20)
            #expect(read.header("Content-Length") == String((1 << 30) + 1024))
            #expect(read.body.count >= 1 << 20)
            #expect(read.body.allSatisfy { $0 == UInt8(ascii: "x") })
            #expect(upstream.written < 256 << 20, "the upstream is read only as fast as the client takes it")
        }
    }

    /// A 50 MB answer under `truncated`: exactly its first 25 MB arrive,
    /// streamed, then the connection closes.
    @Test func aFiftyMegabyteAnswerIsCutAtItsHalf() async throws {
        let upstream = try SharedUpstream.current
        let size = 50 << 20
        try await Self.cutting("/download", upstreamPort: upstream.port).serving { live in
            let read = try await Self.read(port: live.port, path: "/download?bytes=\(size)")
            #expect(read.header("Content-Length") == String(size + 1024))
            #expect(read.body.count == size / 2)
        }
    }

    /// A chunked answer is held only up to 1 MB: past it, it is cut there,
    /// as if that were all of it, and the upstream is read no further.
    @Test func aChunkedAnswerIsHeldOnlyUpToOneMegabyte() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await Self.cutting("/endless-chunked", upstreamPort: upstream.port).serving { live in
            let read = try await Self.read(port: live.port, path: "/endless-chunked")
            let promised = try #require(read.header("Content-Length").flatMap { Int($0) })
            let held = promised - 1024
            #expect(held > 0 && held <= 1 << 20)
            #expect(read.body.count == held / 2)
            #expect(upstream.written < 64 << 20)
        }
    }

    enum CutFailure: Error {
        case noConnection, noHead
    }

    /// A response's head and the bytes of its body, read off the wire.
    struct Read: Sendable {
        var head: String
        var body: [UInt8]

        func header(_ name: String) -> String? { LivePassthroughTests.header(name, in: self.head) }
    }

    /// GET `path` on a connection of its own: the head, and the body up to
    /// `limit` bytes or the server's close, whichever comes first.
    static func read(port: Int, path: String, upTo limit: Int = .max) async throws -> Read {
        try await onThread {
            guard let fd = RawHTTP.connect(port: port, timeout: 10) else {
                throw CutFailure.noConnection
            }
            defer { close(fd) }
            let request = Array("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var received: [UInt8] = []
            var headEnd: Int?
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while headEnd.map({ received.count - $0 < limit }) ?? true {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count <= 0 { break }
                received.append(contentsOf: buffer[0..<count])
                if headEnd == nil, let end = Self.headEnd(received) { headEnd = end }
            }
            guard let end = headEnd else { throw CutFailure.noHead }
            return Read(head: String(decoding: received[..<end], as: UTF8.self), body: Array(received[end...]))
        }
    }

    /// Where the body starts, once the blank line after the head is in.
    static func headEnd(_ bytes: [UInt8]) -> Int? {
        let blank: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index..<(index + 4)].elementsEqual(blank) { return index + 4 }
        return nil
    }
}
