import SwitchboardCore
import SwitchboardTUI
import SwitchboardTestSupport
import Synchronization
import Testing

/// `w` and `W`: the screen asks the recording it was given, off the screen
/// thread, and shows what it says once it is done.
@Suite struct RecordKeysTests {
    /// A recording that writes nothing: it notes what it was asked and
    /// answers with `notice`.
    final class FakeRecording: Sendable {
        let asked = Mutex<[RecordTarget]>([])
        let notice: String

        init(notice: String) {
            self.notice = notice
        }

        var capability: FixtureRecording {
            FixtureRecording { target in
                self.asked.withLock { $0.append(target) }
                return self.notice
            }
        }

        var targets: [RecordTarget] { self.asked.withLock { $0 } }
    }

    @Test func wOnAnEndpointRecordsThatEndpointAndShowsWhatWasWritten() async throws {
        let notice = "recorded coinlist → recorded/coinlist.json, switchboard.yml updated"
        let recording = FakeRecording(notice: notice)
        let harness = try ScreenHarness.demo(recording: recording.capability)
        harness.press(.char("w"))
        #expect(harness.state.flash == "recording coinlist…")
        await harness.frameAfterWake()
        #expect(recording.targets == [.endpoint("coinlist")])
        #expect(harness.state.flash == notice)
        #expect(harness.terminal.screen.contains(notice))
    }

    @Test func whyNothingWasRecordedShowsToo() async throws {
        let recording = FakeRecording(notice: "no live answer to record for weather yet")
        let harness = try ScreenHarness.demo(recording: recording.capability)
        harness.press(.down, .char("w"))
        await harness.frameAfterWake()
        #expect(recording.targets == [.endpoint(try #require(harness.state.endpoints.dropFirst().first?.id))])
        #expect(harness.terminal.screen.contains("no live answer to record for weather yet"))
    }

    @Test func capitalWRecordsEveryEndpointSeenLiveFromEitherPane() async throws {
        let recording = FakeRecording(notice: "recorded 2 endpoints → recorded/, switchboard.yml updated")
        let harness = try ScreenHarness.demo(recording: recording.capability)
        harness.press(.char("W"))
        #expect(harness.state.flash == "recording every endpoint seen live…")
        await harness.frameAfterWake()
        harness.press(.tab, .char("W"))
        await harness.frameAfterWake()
        #expect(recording.targets == [.everySeenLive, .everySeenLive])
        #expect(harness.state.flash == "recorded 2 endpoints → recorded/, switchboard.yml updated")
    }

    @Test func wOnALogLineOrInItsDetailsRecordsThatRequest() async throws {
        let recording = FakeRecording(notice: "done")
        let harness = try ScreenHarness.demo(recording: recording.capability)
        // Following: the newest request (5, POST /login).
        harness.press(.tab, .char("w"))
        await harness.frameAfterWake()
        // Up three: the unmatched GET /nope (2).
        harness.press(.up, .up, .up, .char("w"))
        await harness.frameAfterWake()
        harness.press(.up, .enter, .char("w"))
        await harness.frameAfterWake()
        #expect(recording.targets == [.request(sequence: 5), .request(sequence: 2), .request(sequence: 1)])
        #expect(harness.state.details != nil, "the details stay open")
    }

    @Test func withoutARecordingTheKeySaysSo() throws {
        let harness = try ScreenHarness.demo()
        harness.press(.char("w"))
        #expect(harness.state.flash == "recording is not available in this screen")
    }

    @Test func aStubForAnUnmatchedRequestArrivesWithTheReloadAndSettingsKept() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: """
                # mine
                endpoints:
                  - { id: health, method: GET, path: /health, success: {body: ok} }
                """)
        let panel = ControlPanel(manifest: try ManifestLoader.load(directory: fixtures.path))
        try panel.setMode(.serverError, endpoint: "health")
        let notice = "wrote a stub for get-nope-id → recorded/get-nope-id.json, switchboard.yml updated"
        // What the server does for a request nothing answered: a stub
        // entry, loaded into the panel.
        let recording = FixtureRecording { _ in
            _ = try? await onThread {
                let stub = RecordedExchange(
                    method: "GET", pattern: PathGrouping.pattern(for: ["nope", "5"]), suggestedID: "get-nope-id",
                    existingID: nil, answer: .stub)
                try FixtureRecorder(directory: fixtures.path).record([stub])
                panel.replaceManifest(try ManifestLoader.load(directory: fixtures.path))
            }
            return notice
        }
        let harness = ScreenHarness(panel: panel, recording: recording)
        harness.journal.record(
            ScreenFixtures.entry(1, "GET", "/nope/5", .answered(404), ms: 0.3, endpoint: nil, closest: "GET /health"))
        harness.frame()
        harness.press(.tab, .char("w"))
        #expect(harness.state.flash == "recording request #1…")
        await harness.frameAfterWake()
        #expect(harness.state.endpoints.map(\.id) == ["health", "get-nope-id"])
        #expect(harness.state.endpoints[0].mode == .serverError, "runtime state survives the reload")
        #expect(harness.state.flash == notice)
        #expect(harness.terminal.screen.contains("wrote a stub for get-nope-id"))
        // The fixture watcher reloads the files a moment later: the notice stays.
        panel.replaceManifest(try ManifestLoader.load(directory: fixtures.path))
        harness.frame()
        #expect(harness.state.flash == notice)
        #expect(harness.state.endpoints[0].mode == .serverError)
        // The next key clears it, and a later reload says so again.
        harness.press(.char("j"))
        panel.replaceManifest(try ManifestLoader.load(directory: fixtures.path))
        harness.frame()
        #expect(harness.state.flash == "fixtures reloaded: 2 endpoints")
    }
}
