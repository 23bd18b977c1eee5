import Foundation
import NIOHTTP1
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

/// `live`: Switchboard in front of a real upstream started here (a second
/// Switchboard, or `NIOUpstream`), seen by curl (bytes exactly as sent)
/// and URLSession.
@Suite(.ownThreads) struct LivePassthroughTests {
    static let gzipBytes: [UInt8] = [
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xab, 0x56, 0xca, 0x4c, 0x51, 0xb2, 0x32, 0xac,
        0x05, 0x00, 0x9d, 0x3b, 0x4f, 0x86, 0x08, 0x00, 0x00, 0x00,
    ]
    static let json = #"{"id": 7,  "name": "Ada", "tags": ["a", "b"]}"# + "\n"

    static let upstreamManifest = """
        endpoints:
          - method: GET
            path: /users/:id
            success:
              headers: {Content-Type: application/json}
              file: user.json
          - method: GET
            path: /gz
            success:
              headers: {Content-Type: application/json, Content-Encoding: gzip}
              file: body.gz
          - method: GET
            path: /login
            success:
              status: 302
              headers: {Location: /home, Set-Cookie: "session=abc; Path=/; HttpOnly"}
              body: ""
          - method: GET
            path: /nothing
            success:
              status: 204
              body: ""
          - method: GET
            path: /same
            success:
              status: 304
              headers: {ETag: '"v1"'}
              body: ""
        """

    static func upstreamSwitchboard() throws -> RunningServer {
        let fixtures = try TemporaryFixtures(
            manifest: Self.upstreamManifest, files: ["user.json": Array(Self.json.utf8), "body.gz": Self.gzipBytes])
        return try RunningServer(fixtures: fixtures)
    }

    /// A proxy with no endpoints of its own, or with `manifest`'s.
    static func proxy(
        to port: Int, manifest: String? = nil, readTimeout: Duration = .seconds(30)
    ) throws -> RunningServer {
        let upstream = UpstreamURL(scheme: "http", host: "127.0.0.1", port: port)
        let settings = UpstreamSettings(url: upstream, readTimeout: readTimeout)
        guard let manifest else {
            let empty = Manifest(directory: "/nonexistent", file: "/nonexistent/switchboard.yml", endpoints: [])
            return try RunningServer(panel: ControlPanel(manifest: empty), upstream: settings)
        }
        let fixtures = try TemporaryFixtures(manifest: manifest)
        let loaded = try ManifestLoader.load(directory: fixtures.path)
        return try RunningServer(panel: ControlPanel(manifest: loaded), keeping: fixtures, upstream: settings)
    }

    /// Status, headers and body bytes as curl received them (no decoding).
    static func curl(_ url: URL, _ extra: [String] = []) async throws -> (head: String, body: [UInt8]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let head = directory.appendingPathComponent("head").path
        let body = directory.appendingPathComponent("body").path
        let result = try await Subprocess.run(
            "curl", ["-s", "-D", head, "-o", body, "--max-time", "20"] + extra + [url.absoluteString])
        #expect(result.status == 0, "curl \(url): \(result.stderr)")
        let headText = (try? String(contentsOfFile: head, encoding: .utf8)) ?? ""
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: body))).map { [UInt8]($0) } ?? []
        return (headText, bytes)
    }

    /// The latest journal entry for `method` and `target`, once there is
    /// one: a relayed answer is journaled when the upstream's end arrives,
    /// which may be after the client has read the whole body.
    static func entry(_ method: String, _ target: String, in proxy: RunningServer) async throws -> JournalEntry {
        func find() -> JournalEntry? {
            proxy.journal.entries(after: 0).entries.last { $0.method == method && $0.target == target }
        }
        _ = await waitUntil { find() != nil }
        return try #require(find(), "no entry for \(method) \(target)")
    }

    static func header(_ name: String, in head: String) -> String? {
        for line in head.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    @Test func jsonGzipRedirectAndCookiesPassThroughUnchanged() async throws {
        let upstream = try Self.upstreamSwitchboard()
        defer { upstream.stop() }
        try await Self.proxy(to: upstream.port).serving { proxy in
            for path in ["/users/7", "/gz", "/login", "/nothing", "/same"] {
                let direct = try await Self.curl(upstream.url(path))
                let relayed = try await Self.curl(proxy.url(path))
                #expect(relayed.body == direct.body, "\(path): the body passes byte for byte")
                #expect(relayed.head.prefix(12) == direct.head.prefix(12), "\(path): the same status")
                for name in ["Content-Type", "Content-Encoding", "Location", "Set-Cookie", "ETag", "Content-Length"] {
                    #expect(
                        Self.header(name, in: relayed.head) == Self.header(name, in: direct.head), "\(path): \(name)")
                }
            }
            #expect(try await Self.curl(proxy.url("/gz")).body == Self.gzipBytes, "not decompressed")
            let redirect = try await Self.curl(proxy.url("/login"))
            #expect(redirect.head.hasPrefix("HTTP/1.1 302"), "the redirect is not followed")
            let head = try await Self.curl(proxy.url("/users/7"), ["-I"])
            #expect(head.head.hasPrefix("HTTP/1.1 200"))
            #expect(Self.header("Content-Length", in: head.head) == String(Self.json.utf8.count))

            let entry = try await Self.entry("HEAD", "/users/7", in: proxy)
            #expect(entry.mode == .live)
            #expect(entry.upstream?.failure == nil)
            #expect(entry.jsonLine.contains(#""upstream":"live "#))
            let json = try await HTTPClient.send(proxy.url("/users/7"))
            #expect(json.text == Self.json)
            let kept = try #require(try await Self.entry("GET", "/users/7", in: proxy).details)
            #expect(kept.responseBody == Array(Self.json.utf8), "the journal keeps the live body")
            #expect(kept.responseHeaders.contains { $0.name == "Content-Type" && $0.value == "application/json" })
        }
    }

    @Test func aChunkedAnswerArrivesWholeAndHopByHopHeadersStayBehind() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await Self.proxy(to: upstream.port).serving { proxy in
            let relayed = try await Self.curl(
                proxy.url("/chunked?x=1"),
                [
                    "-H", "Connection: keep-alive, X-Secret", "-H", "X-Secret: hop", "-H", "Keep-Alive: timeout=5",
                    "-H", "Proxy-Authorization: Basic eA==", "-H", "X-App: kept", "-H", "Host: app.test",
                ])
            #expect(String(decoding: relayed.body, as: UTF8.self) == NIOUpstream.chunks.joined())
            #expect(Self.header("Transfer-Encoding", in: relayed.head) == "chunked")

            let sent = try #require(upstream.lastHead)
            #expect(sent.uri == "/chunked?x=1")
            #expect(sent.headers["Host"] == ["127.0.0.1:\(upstream.port)"])
            #expect(sent.headers["X-App"] == ["kept"])
            for dropped in ["X-Secret", "Keep-Alive", "Proxy-Authorization", "TE", "Upgrade"] {
                #expect(sent.headers[dropped].isEmpty, "\(dropped) is hop-by-hop")
            }
            #expect(sent.headers["X-Forwarded-For"] == ["127.0.0.1"])
            #expect(sent.headers["X-Forwarded-Proto"] == ["http"])
            #expect(sent.headers["X-Forwarded-Host"] == ["app.test"])
        }
    }

    @Test func aPostBodyGoesThroughWhole() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await Self.proxy(to: upstream.port).serving { proxy in
            let body = Data((0..<200_000).map { UInt8($0 % 251) })
            let result = try await HTTPClient.send(proxy.url("/submit"), method: "POST", body: body)
            #expect(result.status == 200)
            #expect(result.text == "echo POST /submit")
            #expect(upstream.lastBody == [UInt8](body), "bodies beyond the journal's limit go through whole")
        }
    }

    /// The transport keeps each URL's parsed request: one URL asked with
    /// other methods, bodies and headers goes up with each request's own.
    @Test func oneURLAskedAgainGoesUpWithEachRequestsMethodBodyAndHeaders() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await Self.proxy(to: upstream.port).serving { proxy in
            for (method, body) in [("GET", ""), ("POST", "first"), ("POST", "second"), ("PUT", "third"), ("GET", "")] {
                let result = try await HTTPClient.send(
                    proxy.url("/same?q=1"), method: method, headers: ["X-Asked": "\(method)-\(body)"],
                    body: body.isEmpty ? nil : Data(body.utf8))
                #expect(result.text == "echo \(method) /same?q=1", "\(method) \(body)")
                #expect(upstream.lastBody == Array(body.utf8), "\(method) \(body)")
                #expect(upstream.lastHead?.headers["X-Asked"] == ["\(method)-\(body)"])
            }
        }
    }

    @Test func aRefusedUpstreamIs502WithTheCauseInWords() async throws {
        // A port that was free a moment ago: nothing listens there.
        let refusing = try RefusingPort()
        let port = refusing.port
        defer { withExtendedLifetime(refusing) {} }
        try await Self.proxy(to: port).serving { proxy in
            let result = try await HTTPClient.send(proxy.url("/anything"))
            #expect(result.status == 502)
            let json = try result.json()
            #expect(json["error"] as? String == "upstream_failed")
            #expect(json["message"] as? String == "upstream: connection refused")
            let entry = try await Self.entry("GET", "/anything", in: proxy)
            #expect(entry.upstream?.summary == "live ✗ connection refused")
            #expect(entry.jsonLine.contains(#""upstream":"live ✗ connection refused""#))
        }
    }

    /// Upstream TLS is checked against the system's trust: a certificate
    /// from a CA made here is not trusted, and the 502 says so in words.
    @Test func anUpstreamWhoseCertificateIsNotTrustedIs502SayingSo() async throws {
        let authority = try await TestCertificateAuthority.create()
        let certificate = try await authority.issue()
        try await TestUpstream.start(tls: certificate).serving { upstream in
            #expect(upstream.scheme == "https")
            let settings = UpstreamSettings(url: UpstreamURL(scheme: "https", host: "127.0.0.1", port: upstream.port))
            let empty = Manifest(directory: "/nonexistent", file: "/nonexistent/switchboard.yml", endpoints: [])
            try await RunningServer(panel: ControlPanel(manifest: empty), upstream: settings).serving { proxy in
                let result = try await HTTPClient.send(proxy.url("/json"))
                #expect(result.status == 502)
                let untrusted = "TLS certificate issued by CN=Switchboard Test CA"
                let error = try #require(try result.json()["message"] as? String)
                #expect(error.hasPrefix("upstream: " + untrusted), "\(error)")
                #expect(error.hasSuffix(", a CA not trusted here (add it with --upstream-ca)"))
                let entry = try await Self.entry("GET", "/json", in: proxy)
                #expect(entry.upstream?.summary.hasPrefix("live ✗ " + untrusted) == true)
            }
        }
    }

    @Test func anUpstreamThatNeverAnswersIs504AfterTheReadTimeout() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await Self.proxy(to: upstream.port, readTimeout: .milliseconds(300)).serving { proxy in
            let result = try await HTTPClient.send(proxy.url("/never"))
            #expect(result.status == 504)
            #expect(try result.json()["error"] as? String == "upstream_timed_out")
            #expect(try result.json()["message"] as? String == "upstream: timed out waiting for the answer")
        }
    }

    @Test func aClientThatStopsReadingStopsTheUpstreamRead() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await Self.proxy(to: upstream.port).serving { proxy in
            let socket = try #require(await RawHTTP.connect(port: proxy.port))
            defer { close(socket) }
            let request = Array("GET /endless HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
            #expect(request.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) } == request.count)
            // Read nothing. The upstream writes until every buffer between
            // it and this socket is full, then stops: wait for that.
            #expect(await waitUntil { upstream.written > 0 })
            var last = -1
            var still = 0
            _ = await waitUntil(timeout: 20, every: .milliseconds(100)) {
                let now = upstream.written
                still = now == last ? still + 1 : 0
                last = now
                return still >= 5
            }
            // Socket buffers on both legs hold a few MB; without
            // back-pressure the whole 1 GB would be pulled into memory.
            #expect(upstream.written < 64 << 20, "the upstream was read \(upstream.written) bytes ahead")
        }
    }

    @Test func aFaultAndALatencyProfileApplyToALiveEndpoint() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        let manifest = """
            latency_profiles:
              slow: 300ms
              trickle: { bandwidth: 16KB/s }
            endpoints:
              - id: things
                method: GET
                path: /things
                mode: live
              - id: slow
                method: GET
                path: /slow
                mode: live
                latency: slow
              - id: trickled
                method: GET
                path: /chunked
                mode: live
                latency: trickle
            """
        try await Self.proxy(to: upstream.port, manifest: manifest).serving { proxy in
            #expect(try await HTTPClient.send(proxy.url("/things")).text == "echo GET /things")
            try proxy.panel.setMode(.serverError, endpoint: "things")
            let broken = try await HTTPClient.send(proxy.url("/things"))
            #expect(broken.status == 500, "server_error with no fixture: the default 500 body")
            let curled = try await Self.curl(proxy.url("/things"))
            #expect(curled.head.hasPrefix("HTTP/1.1 500"))
            try proxy.panel.setMode(.reset, endpoint: "things")
            let reset = try await Subprocess.run(
                "curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", proxy.url("/things").absoluteString])
            #expect(reset.status == 56, "curl: failure receiving data (connection reset)")
            #expect(reset.stdout == "000")
            await #expect(throws: (any Error).self) { try await HTTPClient.send(proxy.url("/things")) }
            try proxy.panel.setMode(.live, endpoint: "things")
            #expect(try await HTTPClient.send(proxy.url("/things")).status == 200)

            let slow = try await HTTPClient.send(proxy.url("/slow"))
            #expect(slow.text == "echo GET /slow")
            // When the delay comes, to the millisecond, is
            // `LiveRelayWireTests.aLatencyProfilesDelayComesBeforeTheLiveRequest`'.
            let entry = try await Self.entry("GET", "/slow", in: proxy)
            #expect(entry.injectedDelay == .milliseconds(300))
            #expect(entry.upstream != nil)

            // 35 bytes at 16 KB/s: too short to time, but it goes through
            // the trickle and arrives whole.
            #expect(try await HTTPClient.send(proxy.url("/chunked")).text == NIOUpstream.chunks.joined())
        }
    }
}
