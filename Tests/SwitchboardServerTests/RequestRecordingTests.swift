import Foundation
import NIOConcurrencyHelpers
import SwitchboardControl
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

/// `{"request": N}` (what `w` on a log line does): the endpoint of one
/// journaled request is recorded from its live answer, and a request that
/// nothing answered becomes a stub endpoint the user edits.
@Suite struct RequestRecordingTests {
    static let manifest = """
        # the user's own comment stays
        endpoints:
          - id: health
            method: GET
            path: /health
            success: {body: ok}
        """

    func record(_ body: String, on server: RunningServer) async throws -> (head: String, body: [UInt8]) {
        try await LivePassthroughTests.curl(server.url("/__switchboard/record"), ["-X", "POST", "-d", body])
    }

    @Test func anUnmatchedRequestBecomesAStubThatAnswersAtOnceWithSettingsKept() async throws {
        let fixtures = try TemporaryFixtures(manifest: Self.manifest)
        let server = try RunningServer(fixtures: fixtures)
        defer { server.stop() }
        try server.panel.setMode(.serverError, endpoint: "health")
        let missing = try await LivePassthroughTests.curl(server.url("/nope/5?x=1"))
        #expect(missing.head.hasPrefix("HTTP/1.1 404"))
        let entry = try await LivePassthroughTests.entry("GET", "/nope/5?x=1", in: server)

        let answer = try await self.record(#"{"request": \#(entry.sequence)}"#, on: server)
        #expect(answer.head.hasPrefix("HTTP/1.1 200"), "\(String(decoding: answer.body, as: UTF8.self))")
        let result = try ControlCoding.decoder().decode(RecordResult.self, from: Data(answer.body))
        #expect(
            result.written == [
                .init(endpoint: "get-nope-id", response: "success", file: "recorded/get-nope-id.json", change: "stub")
            ])
        let text = try String(contentsOfFile: fixtures.path + "/switchboard.yml", encoding: .utf8)
        #expect(text.contains("# the user's own comment stays") && text.contains("path: /nope/:id"))
        _ = try ManifestLoader.load(directory: fixtures.path)

        let stub = try await LivePassthroughTests.curl(server.url("/nope/7"))
        #expect(stub.head.hasPrefix("HTTP/1.1 200"))
        #expect(String(decoding: stub.body, as: UTF8.self).contains("Switchboard wrote this stub for GET /nope/:id"))
        let health = try #require(server.panel.snapshot().manifest.endpointIndex(id: "health"))
        #expect(server.panel.snapshot().rows[health].setting.mode == .serverError, "runtime state survives")

        // Asked again, the request is now an endpoint's: nothing is written.
        let again = try await onThread { server.server.recordRequest(entry.sequence) }.get()
        #expect(again.written.map(\.change) == ["already_an_endpoint"])
    }

    @Test func aRequestThatWentLiveIsRecordedFromItsLiveAnswer() async throws {
        let upstream = try LivePassthroughTests.upstreamSwitchboard()
        let proxy = try LivePassthroughTests.proxy(to: upstream.port, manifest: Self.manifest)
        defer { proxy.stop() }
        let url = proxy.url("/users/3")
        let live = try await LivePassthroughTests.curl(url)
        let entry = try await LivePassthroughTests.entry("GET", "/users/3", in: proxy)

        let answer = try await self.record(#"{"request": \#(entry.sequence)}"#, on: proxy)
        let result = try ControlCoding.decoder().decode(RecordResult.self, from: Data(answer.body))
        #expect(result.written.map(\.endpoint) == ["get-users-id"])
        #expect(result.written.map(\.change) == ["added"])

        await upstream.stop()
        let offline = try await LivePassthroughTests.curl(url)
        let liveJSON = try JSONSerialization.jsonObject(with: Data(live.body)) as? NSDictionary
        let offlineJSON = try JSONSerialization.jsonObject(with: Data(offline.body)) as? NSDictionary
        #expect(liveJSON != nil && liveJSON == offlineJSON)
    }

    /// With an upstream, an unmatched request is learned as a row even when
    /// its live call fails; nothing answered it, so it becomes a stub under
    /// the row's id and grouped path, as docs/live-and-recording.md promises.
    @Test func aRequestWhoseLiveCallFailedBecomesAStubUnderItsRowsID() async throws {
        // A port that was free a moment ago: nothing listens there.
        let refusing = try RefusingPort()
        let port = refusing.port
        defer { withExtendedLifetime(refusing) {} }
        let proxy = try LivePassthroughTests.proxy(to: port, manifest: Self.manifest)
        defer { proxy.stop() }
        let failed = try await LivePassthroughTests.curl(proxy.url("/users/5"))
        #expect(failed.head.hasPrefix("HTTP/1.1 502"))
        let entry = try await LivePassthroughTests.entry("GET", "/users/5", in: proxy)
        #expect(entry.endpointID == "get-users-id")

        let answer = try await self.record(#"{"request": \#(entry.sequence)}"#, on: proxy)
        #expect(answer.head.hasPrefix("HTTP/1.1 200"), "\(String(decoding: answer.body, as: UTF8.self))")
        let result = try ControlCoding.decoder().decode(RecordResult.self, from: Data(answer.body))
        #expect(
            result.written == [
                .init(endpoint: "get-users-id", response: "success", file: "recorded/get-users-id.json", change: "stub")
            ])
        let manifest = try #require(result.manifest)
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        #expect(text.contains("# the user's own comment stays") && text.contains("path: /users/:id"))

        // The stub answers now, in place of the row, and no longer goes live.
        let stub = try await LivePassthroughTests.curl(proxy.url("/users/7"))
        #expect(stub.head.hasPrefix("HTTP/1.1 200"))
        #expect(String(decoding: stub.body, as: UTF8.self).contains("Switchboard wrote this stub for GET /users/:id"))
        #expect(proxy.panel.snapshot().seenLive.endpoints.isEmpty)
    }

    @Test func aBodyNamingMoreThanOneThingOrAnUnknownRequestIsRefused() async throws {
        let server = try RunningServer(fixtures: try TemporaryFixtures(manifest: Self.manifest))
        defer { server.stop() }
        let both = try await self.record(#"{"request": 1, "all": true}"#, on: server)
        #expect(both.head.hasPrefix("HTTP/1.1 400"))
        #expect(String(decoding: both.body, as: UTF8.self).contains(#"{\"request\": SEQUENCE}"#))
        let unknown = try await self.record(#"{"request": 4242}"#, on: server)
        #expect(unknown.head.hasPrefix("HTTP/1.1 409"))
        let problem = try ControlCoding.decoder().decode(ControlProblem.self, from: Data(unknown.body))
        #expect(problem.code == .notRecorded)
        #expect(problem.message == "no request 4242 in the journal (it keeps the last 1000)")
    }

    @Test func theContractSpellsARequestAsItsSequence() throws {
        #expect(ControlCoding.text(RecordRequest(request: 42)) == #"{"request":42}"#)
        let decoded = try ControlCoding.decoder().decode(RecordRequest.self, from: Data(#"{"request":42}"#.utf8))
        #expect(decoded == RecordRequest(request: 42) && decoded.isValid)
        #expect(!RecordRequest(endpoints: ["a"], request: 1).isValid)
        #expect(!RecordRequest().isValid)
    }
}

/// A recording that creates the fixtures folder tells whoever watches it,
/// whichever way it was asked for (here the control API, as `switchboard
/// record` asks).
@Suite struct RecordingCreatesFolderTests {
    @Test func theFirstRecordingIntoAMissingFolderIsReportedOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let panel = ControlPanel(
            manifest: Manifest(
                directory: directory.path, file: directory.appendingPathComponent("switchboard.yml").path,
                endpoints: []))
        let server = try RunningServer(panel: panel)
        defer { server.stop() }
        let created = NIOLockedValueBox(0)
        server.server.whenRecordingCreatesFolder { created.withLockedValue { $0 += 1 } }
        for path in ["/nope", "/other"] {
            _ = try await LivePassthroughTests.curl(server.url(path))
            let entry = try await LivePassthroughTests.entry("GET", path, in: server)
            let answer = try await LivePassthroughTests.curl(
                server.url("/__switchboard/record"), ["-X", "POST", "-d", #"{"request": \#(entry.sequence)}"#])
            #expect(answer.head.hasPrefix("HTTP/1.1 200"), "\(String(decoding: answer.body, as: UTF8.self))")
        }
        #expect(created.withLockedValue { $0 } == 1, "the second recording found the folder there")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("switchboard.yml").path))
    }
}
