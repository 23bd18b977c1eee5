import NIOConcurrencyHelpers
import SwitchboardCore
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// `w` and `W`: the screen asks the recording it was given, off the screen
/// thread, and shows what it says once it is done.
@Suite struct RecordKeysTests {
    /// A recording that writes nothing: it notes what it was asked and
    /// answers with `notice`.
    final class FakeRecording: Sendable {
        let asked = NIOLockedValueBox<[RecordTarget]>([])
        let notice: String

        init(notice: String) {
            self.notice = notice
        }

        var capability: FixtureRecording {
            FixtureRecording { target in
                self.asked.withLockedValue { $0.append(target) }
                return self.notice
            }
        }

        var targets: [RecordTarget] { self.asked.withLockedValue { $0 } }
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

    /// Quitting cancels a recording still under way, as Bubble Tea does a
    /// command: its task is told, and what it comes back with is dropped.
    @Test(.timeLimit(.minutes(1))) func quittingCancelsARecordingUnderWay() async throws {
        let (cancelled, told) = AsyncStream.makeStream(of: Void.self)
        let recording = FixtureRecording { _ in
            // Only a cancellation ends this sleep before the time limit.
            try? await Task.sleep(for: .seconds(3_600))
            if Task.isCancelled { told.yield() }
            return "recorded after all"
        }
        let harness = try ScreenHarness.demo(recording: recording)
        harness.press(.char("w"))
        #expect(harness.runtime.jobsRunning == 1)
        #expect(harness.press(.char("q")) == .exit(.quit))
        #expect(harness.runtime.jobsRunning == 0)
        var iterator = cancelled.makeAsyncIterator()
        _ = await iterator.next()
        harness.frame()
        #expect(harness.state.flash != "recorded after all")
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

    @Test func capitalWInTheDetailsViewRecordsEverySeenLiveToo() async throws {
        let recording = FakeRecording(notice: "recorded 2 endpoints → recorded/, switchboard.yml updated")
        let harness = try ScreenHarness.demo(recording: recording.capability)
        harness.press(.tab, .enter, .char("W"))
        #expect(harness.state.flash == "recording every endpoint seen live…")
        await harness.frameAfterWake()
        #expect(recording.targets == [.everySeenLive])
        #expect(harness.state.details != nil, "the details stay open")
    }

    @Test func aRepeatedKeyWhileARecordingIsUnderWaySaysSoAndStartsNoOther() async throws {
        let asked = NIOLockedValueBox(0)
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let recording = FixtureRecording { _ in
            asked.withLockedValue { $0 += 1 }
            var opened = gate.makeAsyncIterator()
            _ = await opened.next()
            return "recorded coinlist → recorded/coinlist.json, switchboard.yml updated"
        }
        let harness = try ScreenHarness.demo(recording: recording)
        harness.press(.char("w"))
        harness.press(.char("w"))
        #expect(harness.state.flash == "still recording… (one recording at a time)")
        harness.press(.char("W"))
        #expect(harness.state.flash == "still recording… (one recording at a time)")
        open.yield()
        await harness.frameAfterWake()
        #expect(asked.withLockedValue { $0 } == 1)
        #expect(harness.state.flash == "recorded coinlist → recorded/coinlist.json, switchboard.yml updated")
        harness.press(.char("w"))
        #expect(harness.state.flash == "recording coinlist…", "once it is done, the key records again")
        open.finish()
        await harness.frameAfterWake()
    }

    /// A recording that writes: the server loads the new manifest into the
    /// panel before it answers.
    static func reloadingRecording(_ panel: ControlPanel, notice: String) -> FixtureRecording {
        FixtureRecording { _ in
            panel.replaceManifest(panel.snapshot().manifest)
            return notice
        }
    }

    @Test func aReloadAfterTheRecordingsOwnSaysSoAgainWithoutAKey() async throws {
        let panel = try ScreenFixtures.demoPanel()
        let notice = "recorded coinlist → recorded/coinlist.json, switchboard.yml updated"
        let harness = ScreenHarness(panel: panel, recording: Self.reloadingRecording(panel, notice: notice))
        harness.frame()
        harness.press(.char("w"))
        await harness.frameAfterWake()
        #expect(harness.state.flash == notice)
        // The fixture watcher's echo of the recording: the notice stays.
        panel.replaceManifest(panel.snapshot().manifest)
        harness.frame()
        #expect(harness.state.flash == notice)
        // The user edits what was recorded: that reload is shown.
        panel.replaceManifest(panel.snapshot().manifest)
        harness.frame()
        #expect(harness.state.flash == "fixtures reloaded: \(harness.state.endpoints.count) endpoints")
        #expect(harness.terminal.screen.contains("fixtures reloaded"))
    }

    @Test func theNoEndpointsWarningIsNeverHiddenByARecordingsNotice() async throws {
        let panel = try ScreenFixtures.demoPanel()
        let notice = "recorded coinlist → recorded/coinlist.json, switchboard.yml updated"
        let harness = ScreenHarness(panel: panel, recording: Self.reloadingRecording(panel, notice: notice))
        harness.frame()
        harness.press(.char("w"))
        await harness.frameAfterWake()
        #expect(harness.state.flash == notice)
        let manifest = panel.snapshot().manifest
        panel.replaceManifest(Manifest(directory: manifest.directory, file: manifest.file, endpoints: []))
        harness.frame()
        #expect(
            harness.state.flash == "warning: the reloaded fixtures declare no endpoints; every request answers 404")
    }

    @Test func withoutARecordingTheKeySaysSo() throws {
        let harness = try ScreenHarness.demo()
        harness.press(.char("w"))
        #expect(harness.state.flash == "recording is not available in this screen")
    }
}
