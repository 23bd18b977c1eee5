import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

/// A live request's body streams to the upstream as it arrives: an answer
/// before the upload ends is relayed and the connection closed after it; an
/// upload the client gives up on is cut at the upstream too; a body on a
/// non-live endpoint is still held to `--max-body-size`.
@Suite struct LiveUploadTests {
    /// `bytes` of a fixed pattern in a file of their own, for curl to send.
    static func bodyFile(bytes: Int) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString)")
        let block = Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        var data = Data(capacity: bytes)
        while data.count < bytes { data.append(block.prefix(bytes - data.count)) }
        try data.write(to: file)
        return file
    }

    static func proxy(
        to upstream: TestUpstream, manifest: String? = nil, limits: ServerLimits = ServerLimits()
    ) throws -> RunningServer {
        let settings = UpstreamSettings(url: UpstreamURL(scheme: "http", host: "127.0.0.1", port: upstream.port))
        guard let manifest else {
            let empty = Manifest(directory: "/nonexistent", file: "/nonexistent/switchboard.yml", endpoints: [])
            return try RunningServer(panel: ControlPanel(manifest: empty), limits: limits, upstream: settings)
        }
        let fixtures = try TemporaryFixtures(manifest: manifest)
        let loaded = try ManifestLoader.load(directory: fixtures.path)
        return try RunningServer(panel: ControlPanel(manifest: loaded), keeping: fixtures, upstream: settings)
    }

    /// An upstream that refuses the body with 413 before reading it: the
    /// client gets that answer while still uploading, marked
    /// `Connection: close`, and the connection ends after it.
    @Test func anAnswerBeforeTheUploadEndsIsRelayedAndTheConnectionClosed() async throws {
        let file = try Self.bodyFile(bytes: 20 * 1024 * 1024)
        defer { try? FileManager.default.removeItem(at: file) }
        try await TestUpstream.start().serving { upstream in
            try await Self.proxy(to: upstream).serving { proxy in
                let (head, body) = try await LivePassthroughTests.curl(
                    proxy.url("/upload/refuse"), ["--data-binary", "@\(file.path)"])
                // After curl's `Expect: 100-continue`, the go-ahead comes first.
                #expect(head.contains("HTTP/1.1 413"), "\(head)")
                #expect(LivePassthroughTests.header("Connection", in: head)?.lowercased() == "close")
                #expect(String(decoding: body, as: UTF8.self) == #"{"error":"too large"}"#)
                let entry = try await LivePassthroughTests.entry("POST", "/upload/refuse", in: proxy)
                #expect(entry.status == .answered(413))
                #expect(entry.mode == .live)
            }
        }
    }

    /// Sends the head of a 10 MB upload and its first 64 KB, and waits until
    /// the upstream has begun to read it. The part fits in the sockets'
    /// buffers: with a whole MB, a proxy pausing its reads for a slow
    /// upstream (a loaded machine) left the client's FIN queued behind
    /// unread bytes, and the close was seen only at the body timeout.
    static func beginUpload(to proxy: RunningServer, upstream: TestUpstream) async throws -> Int32 {
        let head = "POST /upload/sha256 HTTP/1.1\r\nHost: app.test\r\nContent-Length: 10000000\r\n\r\n"
        let part = [UInt8](head.utf8) + [UInt8](repeating: 0x61, count: 64 * 1024)
        let socket = try #require(await RawHTTP.connect(port: proxy.port))
        part.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let written = send(socket, bytes.baseAddress! + sent, bytes.count - sent, 0)
                if written <= 0 { break }
                sent += written
            }
        }
        let begun = await waitUntil {
            let last = try? await HTTPClient.send(upstream.url(.uploadLast)).json()
            return (last?["received"] as? Int ?? 0) > 0
        }
        #expect(begun)
        return socket
    }

    /// What the upstream saw of the last upload, once it saw it end.
    static func expectCutAtTheUpstream(_ upstream: TestUpstream) async {
        var last: [String: Any] = [:]
        let cut = await waitUntil {
            last = (try? await HTTPClient.send(upstream.url(.uploadLast)).json()) ?? [:]
            return last["error"] is String
        }
        #expect(cut, "the upstream saw \(last)")
        #expect(last["complete"] as? Bool == false)
        #expect((last["received"] as? Int ?? 0) < 10_000_000)
    }

    /// A client that stops sending mid-upload, while the upstream waits
    /// for more: after `--body-timeout` the upstream's request is cut.
    @Test func anUploadThatStopsArrivingIsCutAfterTheBodyTimeout() async throws {
        try await TestUpstream.start().serving { upstream in
            let limits = ServerLimits(bodyTimeout: .milliseconds(300))
            try await Self.proxy(to: upstream, limits: limits).serving { proxy in
                let socket = try await Self.beginUpload(to: proxy, upstream: upstream)
                defer { close(socket) }
                let entry = try await LivePassthroughTests.entry("POST", "/upload/sha256", in: proxy)
                #expect(entry.upstream?.failure == "request body stopped arriving")
                await Self.expectCutAtTheUpstream(upstream)
            }
        }
    }

    /// A client that sends part of its body and leaves: the upstream's
    /// request is cancelled mid-body (it never sees a complete body), and
    /// the journal says the client left mid-upload.
    @Test func anUploadTheClientAbandonsIsCutAtTheUpstreamAndJournaled() async throws {
        try await TestUpstream.start().serving { upstream in
            try await Self.proxy(to: upstream).serving { proxy in
                let socket = try await Self.beginUpload(to: proxy, upstream: upstream)
                close(socket)
                let entry = try await LivePassthroughTests.entry("POST", "/upload/sha256", in: proxy)
                #expect(entry.status == .clientLeft)
                #expect(entry.upstream?.failure == "client left mid-upload")
                await Self.expectCutAtTheUpstream(upstream)
            }
        }
    }

    /// An upstream that cannot be reached answers 502 while the client is
    /// still uploading: the client gets it whole, not a reset.
    @Test func anUnreachableUpstreamIs502DuringAnUpload() async throws {
        let file = try Self.bodyFile(bytes: 20 * 1024 * 1024)
        defer { try? FileManager.default.removeItem(at: file) }
        let refusing = try RefusingPort()
        let port = refusing.port
        defer { withExtendedLifetime(refusing) {} }
        let settings = UpstreamSettings(url: UpstreamURL(scheme: "http", host: "127.0.0.1", port: port))
        let empty = Manifest(directory: "/nonexistent", file: "/nonexistent/switchboard.yml", endpoints: [])
        try await RunningServer(panel: ControlPanel(manifest: empty), upstream: settings).serving { proxy in
            for _ in 0..<5 {
                let (head, body) = try await LivePassthroughTests.curl(
                    proxy.url("/upload/sha256"), ["--data-binary", "@\(file.path)", "-H", "Expect:"])
                #expect(head.contains("HTTP/1.1 502"), "\(head)")
                #expect(String(decoding: body, as: UTF8.self).contains("connection refused"))
            }
        }
    }

    /// Streaming is for live requests only: a fixture endpoint still
    /// refuses a body over `--max-body-size` with 413, upstream or not.
    @Test func aNonLiveEndpointStillRefusesABodyOverTheLimit() async throws {
        let manifest = """
            endpoints:
              - method: POST
                path: /fixed
                success:
                  body: '{"ok": true}'
            """
        let file = try Self.bodyFile(bytes: 11 * 1024 * 1024)
        defer { try? FileManager.default.removeItem(at: file) }
        try await TestUpstream.start().serving { upstream in
            try await Self.proxy(to: upstream, manifest: manifest).serving { proxy in
                let (head, _) = try await LivePassthroughTests.curl(
                    proxy.url("/fixed"), ["--data-binary", "@\(file.path)"])
                #expect(head.contains("413"), "\(head)")
                let (small, body) = try await LivePassthroughTests.curl(
                    proxy.url("/fixed"), ["--data-binary", "{}"])
                #expect(small.hasPrefix("HTTP/1.1 200"))
                #expect(String(decoding: body, as: UTF8.self).contains("true"))
            }
        }
    }

    /// A request without a body goes on without one: streaming must not
    /// give a GET a chunked body.
    @Test func aRequestWithoutABodyGainsNone() async throws {
        try await TestUpstream.start().serving { upstream in
            try await Self.proxy(to: upstream).serving { proxy in
                let echo = try await HTTPClient.send(proxy.url("/echo")).json()
                let names = (echo["headers"] as? [[String]] ?? []).map { $0[0].lowercased() }
                #expect(!names.contains("transfer-encoding"), "\(names)")
                #expect(echo["bodyLength"] as? Int == 0)
                #expect(echo["method"] as? String == "GET")
            }
        }
    }

    /// The same 11 MB through a live endpoint arrives whole: no limit holds.
    @Test func aLiveBodyOverTheLimitArrivesWhole() async throws {
        let file = try Self.bodyFile(bytes: 11 * 1024 * 1024)
        defer { try? FileManager.default.removeItem(at: file) }
        let expected = try await Subprocess.run("sha256sum", [file.path]).stdout.prefix(64)
        try await TestUpstream.start().serving { upstream in
            try await Self.proxy(to: upstream).serving { proxy in
                let (head, body) = try await LivePassthroughTests.curl(
                    proxy.url("/upload/sha256"), ["--data-binary", "@\(file.path)"])
                #expect(head.contains("HTTP/1.1 200"), "\(head)")
                let json = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
                #expect(json?["bodyLength"] as? Int == 11 * 1024 * 1024)
                #expect(json?["bodySHA256"] as? String == String(expected))
                let entry = try await LivePassthroughTests.entry("POST", "/upload/sha256", in: proxy)
                #expect(entry.status == .answered(200))
            }
        }
    }
}
