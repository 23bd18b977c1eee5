import Foundation
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// The toxics seen by real clients on a real socket: curl and Python's
/// http.client, the bytes each receives and the error each reports. The
/// docs/faults.md's toxics section says the same.
@Suite struct ToxicClientTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a, success: { file: body.bin } }
        """
    static let body = (0..<2048).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }

    func server(_ toxics: Toxics) throws -> RunningServer {
        let fixtures = MemoryFixtures(Self.manifest, files: ["body.bin": Self.body])
        let server = try RunningServer(fixtures: fixtures)
        try server.panel.set(endpoint: "a", SettingChange(toxics: toxics))
        return server
    }

    /// curl's exit code, its complaint and the bytes it got.
    func curl(_ server: RunningServer) async throws -> (result: CommandResult, bytes: Int) {
        let result = try await onThread {
            try Subprocess.run(
                "curl", ["-sS", "-o", "/dev/null", "-w", "%{size_download}", server.url("/a").absoluteString])
        }
        return (result, Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1)
    }

    /// What Python's http.client reads: `read N <whole body?>` or the
    /// exception it raises.
    func python(_ server: RunningServer) async throws -> String {
        let script = """
            import http.client
            c = http.client.HTTPConnection('127.0.0.1', \(server.port))
            c.request('GET', '/a')
            r = c.getresponse()
            try:
                b = r.read()
                print('read', len(b), bytes((i * 7 + 3) % 256 for i in range(2048)) == b)
            except Exception as e:
                print(type(e).__name__, e)
            """
        let result = try await onThread { try Subprocess.run("python3", ["-c", script]) }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func limitDataIsAShortBodyToCurlAndAnIncompleteReadToPython() async throws {
        try await self.server(.limitData(100)).serving { server in
            let curl = try await self.curl(server)
            #expect(curl.result.status == 18)
            #expect(curl.result.stderr.contains("transfer closed with 1948 bytes remaining to read"))
            #expect(curl.bytes == 100)
            #expect(
                try await self.python(server) == "IncompleteRead IncompleteRead(100 bytes read, 1948 more expected)")
        }
    }

    @Test func theSlicedBodyArrivesWholeForBoth() async throws {
        try await self.server(.slicer).serving { server in
            let curl = try await self.curl(server)
            #expect(curl.result.status == 0)
            #expect(curl.bytes == 2048)
            #expect(try await self.python(server) == "read 2048 True")
        }
    }

    @Test func aSlowCloseIsNotSeenByClientsThatReadContentLength() async throws {
        try await self.server(.slowClose(.seconds(5))).serving { server in
            let curl = try await self.curl(server)
            #expect(curl.result.status == 0)
            #expect(curl.bytes == 2048)
            #expect(try await self.python(server) == "read 2048 True")
        }
    }
}
