import Foundation
import SwitchboardControl
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

/// Recording: a live answer written as a fixture keeps answering the same
/// once the upstream is gone.
@Suite struct LiveRecordingTests {
    static let proxyManifest = """
        # the user's own comment stays
        endpoints:
          - id: health
            method: GET
            path: /health
            success: {body: ok}
        """

    @Test func aRecordedAnswerIsServedOfflineTheSame() async throws {
        let upstream = try LivePassthroughTests.upstreamSwitchboard()
        let proxy = try LivePassthroughTests.proxy(to: upstream.port, manifest: Self.proxyManifest)
        defer { proxy.stop() }
        let url = URL(string: "http://127.0.0.1:\(proxy.port)/users/3")!
        let live = try await LivePassthroughTests.curl(url)
        _ = try await LivePassthroughTests.entry("GET", "/users/3", in: proxy)

        let result = try await onThread { proxy.server.recordLive(["get-users-id"]) }.get()
        #expect(result.written.map(\.endpoint) == ["get-users-id"])
        #expect(result.written.first?.change == "added")
        #expect(result.manifestChanged)
        let directory = proxy.panel.snapshot().manifest.directory
        let text = try String(contentsOfFile: directory + "/switchboard.yml", encoding: .utf8)
        #expect(text.contains("# the user's own comment stays"))
        // What `switchboard check` runs: the result loads without problems.
        _ = try ManifestLoader.load(directory: directory)

        await upstream.stop()
        let offline = try await LivePassthroughTests.curl(url)
        #expect(LivePassthroughTests.header("Content-Type", in: offline.head)?.hasPrefix("application/json") == true)
        let liveJSON = try JSONSerialization.jsonObject(with: Data(live.body)) as? NSDictionary
        let offlineJSON = try JSONSerialization.jsonObject(with: Data(offline.body)) as? NSDictionary
        #expect(liveJSON != nil && liveJSON == offlineJSON)
    }

    @Test func anEndpointWithNoLiveAnswerSaysSo() async throws {
        let proxy = try LivePassthroughTests.proxy(to: 9, manifest: Self.proxyManifest)
        defer { proxy.stop() }
        let result = try await onThread { proxy.server.recordLive(["health"]) }
        guard case .failure(let refusal) = result else {
            Issue.record("recorded without a live answer")
            return
        }
        #expect(refusal.message == "no live answer to record for health yet")
    }

    @Test func aServerErrorIsRecordedAsTheEndpointsServerErrorThroughTheControlAPI() async throws {
        let upstream = try LivePassthroughTests.upstreamSwitchboard()
        defer { upstream.stop() }
        try upstream.panel.setMode(.serverError, endpoint: "get-users-id")
        let proxy = try LivePassthroughTests.proxy(to: upstream.port, manifest: Self.proxyManifest)
        defer { proxy.stop() }
        let base = "http://127.0.0.1:\(proxy.port)"
        let live = try await LivePassthroughTests.curl(URL(string: base + "/users/3")!)
        #expect(live.head.hasPrefix("HTTP/1.1 500"))
        _ = try await LivePassthroughTests.entry("GET", "/users/3", in: proxy)

        let answer = try await LivePassthroughTests.curl(
            URL(string: base + "/__switchboard/record")!, ["-X", "POST", "-d", #"{"endpoints": ["get-users-id"]}"#])
        #expect(answer.head.hasPrefix("HTTP/1.1 200"))
        let result = try ControlCoding.decoder().decode(RecordResult.self, from: Data(answer.body))
        #expect(result.written.map(\.response) == ["server_error"])
        let directory = proxy.panel.snapshot().manifest.directory
        let text = try String(contentsOfFile: directory + "/switchboard.yml", encoding: .utf8)
        #expect(text.contains("server_error:"))
        _ = try ManifestLoader.load(directory: directory)
    }
    /// `GET /files/switchboard.yml` relayed live with recording on, the
    /// upstream answering with a manifest of its own: the manifest stays
    /// the user's, and no second one or hidden file appears.
    @Test func aRequestCannotRecordOverTheManifest() async throws {
        let evil = "endpoints: []\nupstream: https://attacker.example\n"
        let upstreamFixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - { id: any, method: GET, path: "/files/*", success: { file: evil.txt } }
                """,
            textFiles: ["evil.txt": evil])
        let upstream = try RunningServer(fixtures: upstreamFixtures)
        defer { upstream.stop() }
        let manifest = """
            endpoints:
              - { id: files, method: GET, path: "/files/:name", success: { file: "{name}" } }
            """
        let fixtures = try TemporaryFixtures(manifest: manifest, textFiles: ["a.txt": "a"])
        let proxy = try RunningServer(
            panel: ControlPanel(manifest: ManifestLoader.load(directory: fixtures.path)), keeping: fixtures,
            upstream: UpstreamSettings(url: UpstreamURL(scheme: "http", host: "127.0.0.1", port: upstream.port)))
        defer { proxy.stop() }
        try proxy.panel.setMode(.live, endpoint: "files")
        let before = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted()
        for name in ["switchboard.yml", "switchboard.yaml", "switchboard.json", ".env"] {
            let live = try await LivePassthroughTests.curl(proxy.url("/files/" + name))
            #expect(live.body == Array(evil.utf8), "relayed as the upstream sent it")
            _ = try await LivePassthroughTests.entry("GET", "/files/" + name, in: proxy)
            for _ in 0..<2 {
                let result = try await onThread { proxy.server.recordLive(["files"]) }
                if case .success(let result) = result { #expect(result.written.isEmpty) }
                #expect(try String(contentsOfFile: fixtures.path + "/switchboard.yml", encoding: .utf8) == manifest)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted() == before)
        #expect(proxy.panel.snapshot().manifest.upstream == nil, "the upstream is still the user's")
    }
}
