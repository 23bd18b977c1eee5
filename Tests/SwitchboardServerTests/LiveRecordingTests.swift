import Foundation
import SwitchboardControl
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// Recording: a live answer written as a fixture keeps answering the same
/// once the upstream is gone. The answers come from a scripted upstream on
/// the embedded event loop (`LiveWire`) and are written into a folder on
/// disk; recording through the control API, whose work runs on NIO's
/// thread pool, is checked on a socket.
@Suite(.ownThreads) struct LiveRecordingTests {
    static let proxyManifest = """
        # the user's own comment stays
        endpoints:
          - id: health
            method: GET
            path: /health
            success: {body: ok}
        """

    /// Records `endpoints` off the test's thread, as the server does: it writes files.
    static func record(_ endpoints: [String], in proxy: LiveWire) async throws -> Result<RecordResult, RecordRefusal> {
        let answers = proxy.responder.answers
        let panel = proxy.panel
        return try await onThread { answers.record(endpoints, panel: panel) }
    }

    @Test func aRecordedAnswerIsServedOfflineTheSame() async throws {
        let proxy = try LiveWire(fixtures: TemporaryFixtures(manifest: Self.proxyManifest))
        let live = try proxy.get("/users/3") {
            try $0.answer(.ok, ["Content-Type": "application/json"], body: LivePassthroughTests.json)
        }
        #expect(proxy.entries.contains { $0.target == "/users/3" })

        let result = try await Self.record(["get-users-id"], in: proxy).get()
        #expect(result.written.map(\.endpoint) == ["get-users-id"])
        #expect(result.written.first?.change == "added")
        #expect(result.manifestChanged)
        let directory = proxy.panel.snapshot().manifest.directory
        let text = try String(contentsOfFile: directory + "/switchboard.yml", encoding: .utf8)
        #expect(text.contains("# the user's own comment stays"))
        // What `switchboard check` runs: the result loads without problems.
        _ = try ManifestLoader.load(directory: directory)

        // The upstream is gone: it is asked nothing more.
        let offline = try proxy.get("/users/3") { _ in Issue.record("the recorded endpoint went to the upstream") }
        #expect(proxy.upstream.requests.count == 1)
        #expect(offline.header("Content-Type")?.hasPrefix("application/json") == true)
        let liveJSON = try JSONSerialization.jsonObject(with: live.body) as? NSDictionary
        let offlineJSON = try JSONSerialization.jsonObject(with: offline.body) as? NSDictionary
        #expect(liveJSON != nil && liveJSON == offlineJSON)
    }

    @Test func recordingIsRefusedWhileADescriptionIsServedOnItsOwn() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: Self.proxyManifest,
            textFiles: [
                "api.yaml":
                    "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /pets: {get: {operationId: listPets, responses: {'200': {description: ok}}}}\n"
            ])
        let proxy = try LiveWire(fixtures: fixtures, serving: "api.yaml")
        let answers = proxy.responder.answers
        let panel = proxy.panel
        let result = try await onThread { answers.write([], skipped: [], panel: panel) }
        guard case .failure(let refusal) = result else {
            Issue.record("recorded beside a description served on its own")
            return
        }
        #expect(refusal.message.contains("serve a folder whose switchboard.yml says 'openapi: api.yaml'"))
        #expect(panel.snapshot().manifest.endpoints.map(\.id) == ["listPets"])
    }

    /// The folder is loaded again after a recording: bodies generated from
    /// its description must be made with the `--seed` it was served with,
    /// not the default, or they change under the app.
    @Test func aRecordingKeepsTheSeedOfGeneratedBodies() async throws {
        let spec = """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            paths:
              /pets: {get: {operationId: listPets, responses: {'200': {description: ok, content: {application/json: {schema: {type: string, format: uuid}}}}}}}
            """
        let fixtures = try TemporaryFixtures(
            manifest: "openapi: api.yaml\n" + Self.proxyManifest, textFiles: ["api.yaml": spec])
        let proxy = try LiveWire(fixtures: fixtures, seed: 7)
        let before = try proxy.get("/pets").text
        #expect(try LiveWire(fixtures: fixtures).get("/pets").text != before, "the seed makes no difference")
        _ = try proxy.get("/users/3") { try $0.answer(.ok, ["Content-Type": "application/json"], body: "{}") }
        _ = try await Self.record(["get-users-id"], in: proxy).get()
        #expect(proxy.panel.snapshot().manifest.endpoints.map(\.id).contains("get-users-id"))
        #expect(try proxy.get("/pets").text == before)
    }

    @Test func anEndpointWithNoLiveAnswerSaysSo() async throws {
        let proxy = try LiveWire(fixtures: TemporaryFixtures(manifest: Self.proxyManifest))
        guard case .failure(let refusal) = try await Self.record(["health"], in: proxy) else {
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
        let manifest = """
            endpoints:
              - { id: files, method: GET, path: "/files/:name", success: { file: "{name}" } }
            """
        let fixtures = try TemporaryFixtures(manifest: manifest, textFiles: ["a.txt": "a"])
        let proxy = try LiveWire(fixtures: fixtures)
        try proxy.panel.setMode(.live, endpoint: "files")
        let before = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted()
        for name in ["switchboard.yml", "switchboard.yaml", "switchboard.json", ".env"] {
            let live = try proxy.get("/files/" + name) { try $0.answer(.ok, body: evil) }
            #expect(live.text == evil, "relayed as the upstream sent it")
            for _ in 0..<2 {
                let result = try await Self.record(["files"], in: proxy)
                if case .success(let result) = result { #expect(result.written.isEmpty) }
                #expect(try String(contentsOfFile: fixtures.path + "/switchboard.yml", encoding: .utf8) == manifest)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted() == before)
        #expect(proxy.panel.snapshot().manifest.upstream == nil, "the upstream is still the user's")
    }
}
