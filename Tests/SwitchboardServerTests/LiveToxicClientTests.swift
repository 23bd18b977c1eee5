import Foundation
import SwitchboardCore
import SwitchboardModel
import SwitchboardServer
import SwitchboardTestSupport
import Testing

/// The toxics on `live` answers, seen by curl and Python's http.client in
/// front of the suite's upstream: as on a fixture for an answer with a
/// Content-Length (`ToxicClientTests`), and on a chunked one, which is cut
/// before its last chunk. docs/faults.md's toxics section says the same.
@Suite(.sharedUpstream) struct LiveToxicClientTests {
    static let manifest = """
        endpoints:
          - { id: download, method: GET, path: /download, mode: live }
          - { id: chunked, method: GET, path: /chunked, mode: live }
        """
    /// 2048 bytes from the upstream, with a Content-Length.
    static let download = "/download?bytes=2048"

    func server(_ toxics: Toxics) throws -> RunningServer {
        let upstream = try SharedUpstream.current
        let panel = try MemoryFixtures(Self.manifest).panel()
        try panel.set(endpoint: "download", SettingChange(toxics: toxics))
        try panel.set(endpoint: "chunked", SettingChange(toxics: toxics))
        return try RunningServer(
            panel: panel,
            upstream: UpstreamSettings(url: UpstreamURL(scheme: "http", host: "127.0.0.1", port: upstream.port)))
    }

    /// curl's exit code, its complaint and the bytes it got.
    func curl(_ server: RunningServer, _ path: String) async throws -> (result: CommandResult, bytes: Int) {
        let result = try await onThread {
            try Subprocess.run(
                "curl", ["-sS", "-o", "/dev/null", "-w", "%{size_download}", server.url(path).absoluteString])
        }
        return (result, Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1)
    }

    /// What Python's http.client reads: `read N <same as the upstream's?>`
    /// or the exception it raises.
    func python(_ server: RunningServer, _ path: String) async throws -> String {
        let upstream = try SharedUpstream.current
        let script = """
            import http.client, urllib.request
            direct = urllib.request.urlopen('http://127.0.0.1:\(upstream.port)\(path)').read()
            c = http.client.HTTPConnection('127.0.0.1', \(server.port))
            c.request('GET', '\(path)')
            r = c.getresponse()
            try:
                b = r.read()
                print('read', len(b), b == direct)
            except Exception as e:
                print(type(e).__name__, e)
            """
        let result = try await onThread { try Subprocess.run("python3", ["-c", script]) }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func limitDataCutsALiveAnswerAsItCutsAFixture() async throws {
        try await self.server(.limitData(100)).serving { server in
            let curl = try await self.curl(server, Self.download)
            #expect(curl.result.status == 18)
            #expect(curl.result.stderr.contains("transfer closed with 1948 bytes remaining to read"))
            #expect(curl.bytes == 100)
            #expect(
                try await self.python(server, Self.download)
                    == "IncompleteRead IncompleteRead(100 bytes read, 1948 more expected)")
        }
    }

    @Test func limitDataCutsAChunkedLiveAnswerBeforeItsEnd() async throws {
        try await self.server(.limitData(10)).serving { server in
            let curl = try await self.curl(server, "/chunked")
            #expect(curl.result.status == 18)
            #expect(curl.result.stderr.contains("transfer closed with outstanding read data remaining"))
            #expect(curl.bytes == 10)
            #expect(try await self.python(server, "/chunked") == "IncompleteRead IncompleteRead(10 bytes read)")
        }
    }

    @Test func theSlicedLiveBodyArrivesWholeForBoth() async throws {
        try await self.server(.slicer).serving { server in
            let curl = try await self.curl(server, Self.download)
            #expect(curl.result.status == 0)
            #expect(curl.bytes == 2048)
            #expect(try await self.python(server, Self.download) == "read 2048 True")
            #expect(try await self.python(server, "/chunked") == "read 32 True")
        }
    }

    @Test func aSlowCloseOnALiveAnswerIsNotSeenByClientsThatReadItsFraming() async throws {
        try await self.server(.slowClose(.seconds(5))).serving { server in
            let curl = try await self.curl(server, Self.download)
            #expect(curl.result.status == 0)
            #expect(curl.bytes == 2048)
            #expect(try await self.python(server, "/chunked") == "read 32 True")
        }
    }
}
