import Foundation
import SwitchboardCore
import SwitchboardModel
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// The runtime driven like a user would: keys into an in-memory terminal,
/// frames and control-panel changes out, at 80×24, no tmux and no waiting.
@Suite struct ScreenRuntimeTests {
    @Test func itDrawsWhatTheJournalAndThePanelHoldAtTheTerminalsSize() throws {
        let harness = try ScreenHarness.demo()
        let frame = try #require(harness.terminal.frames.last)
        #expect(frame.width == 80 && frame.height == 24)
        #expect(harness.state.log.map(\.sequence) == [1, 2, 3, 4, 5])
        #expect(harness.terminal.screen.contains("12:01:04.789 GET     /weather?lat=35.9&lon"))
        #expect(harness.rowSettings == harness.panelSettings)
    }

    @Test func aKeyChangesThePanelAndTheRowInTheSameFrame() throws {
        let harness = try ScreenHarness.demo()
        let frames = harness.terminal.frames.count
        harness.press(.char(" "))
        #expect(harness.panelSettings[0].mode == .error)
        #expect(harness.state.endpoints[0].modeLabel == "error 429")
        #expect(harness.terminal.frames.count == frames + 1)
        #expect(harness.terminal.screen.contains("error 429"))
        #expect(harness.state.flash == "coinlist → error 429")
    }

    @Test func eachKeyOfABatchSeesThePanelTheOneBeforeLeft() throws {
        let harness = try ScreenHarness.demo()
        harness.press(.char(" "), .char(" "), .char(" "))
        #expect(harness.panelSettings[0].mode == .reset)
        #expect(harness.rowSettings == harness.panelSettings)
    }

    @Test func spaceWalksTheCycleAndSkipsAMissingSequence() throws {
        let harness = try ScreenHarness.demo()
        var labels: [String] = []
        for _ in 0..<10 {
            harness.press(.char(" "))
            labels.append(harness.state.endpoints[0].modeLabel)
        }
        #expect(
            labels == [
                "error 429", "server_error", "reset", "hang", "empty", "garbage", "truncated", "flaky 25%", "offline",
                "success",
            ])
        #expect(harness.panelSettings[0].mode == .success)
    }

    @Test func digitsPickAModeAndNinePicksTheNextFlakyRate() throws {
        let harness = try ScreenHarness.demo()
        harness.press(.down)
        for (digit, mode) in [("3", Mode.serverError), ("1", .success), ("4", .reset), ("5", .hang), ("8", .truncated)]
        {
            harness.press(.char(Character(digit)))
            #expect(harness.panelSettings[1].mode == mode)
        }
        #expect(harness.state.endpoints[1].modeLabel == "truncated")
        var labels: [String] = []
        for _ in 0..<6 {
            harness.press(.char("9"))
            labels.append(harness.state.endpoints[1].modeLabel)
        }
        #expect(labels == ["flaky 25%", "flaky 50%", "flaky 75%", "flaky 90%", "flaky 10%", "flaky 25%"])
    }

    @Test func aRefusedChangeNeverShows() throws {
        let harness = try ScreenHarness.demo()
        harness.press(.down, .down, .char("2"))
        let before = harness.terminal.frames.count
        // episode declares no sequence: the panel refuses `0`.
        harness.press(.char("0"))
        #expect(harness.panelSettings[2].mode == .error)
        #expect(harness.state.endpoints[2].mode == .error)
        #expect(harness.state.flash?.hasPrefix("episode has no sequence") == true)
        // Every frame drawn since shows the old mode, never `sequence`.
        for frame in harness.terminal.frames[before...] {
            #expect(!frame.text.contains("sequence ×"))
            #expect(frame.text.contains("episode has no sequence"))
        }
    }

    @Test func applyToAllShowsExactlyThePanelsSettings() throws {
        let fixtures = MemoryFixtures(
            """
            latency_profiles: { slow: { delay: 2s } }
            endpoints:
              - { id: steps, method: GET, path: /s, sequence: [success, server_error] }
              - { id: plain, method: GET, path: /p, mode: error }
            """)
        let harness = ScreenHarness(panel: try fixtures.panel())
        harness.press(.char("0"), .char("l"), .char("a"))
        // `sequence` only goes where one is declared; the latency goes everywhere.
        #expect(harness.panelSettings.map(\.mode) == [.sequence, .error])
        #expect(harness.panelSettings.map(\.latency) == ["slow", "slow"])
        #expect(harness.rowSettings == harness.panelSettings)
        #expect(harness.state.flash == "every endpoint → sequence, latency slow 2s")
    }

    @Test func resetAndResetAllShowExactlyThePanelsSettings() throws {
        let harness = try ScreenHarness.demo()
        try harness.panel.applyScenario(named: "outage")
        harness.press(.down, .char("l"), .char("r"))
        #expect(harness.rowSettings == harness.panelSettings)
        #expect(harness.state.endpoints[1].isChanged == false)
        #expect(harness.state.endpoints[0].mode == .serverError)
        // The others still answer 500: the name stays, said to be changed.
        #expect(harness.state.scenarioLabel?.description == "outage (changed)")
        harness.press(.char("R"))
        #expect(harness.rowSettings == harness.panelSettings)
        #expect(harness.state.endpoints.allSatisfy { !$0.isChanged })
        #expect(harness.state.scenarioLabel == nil)
        #expect(harness.state.flash == "every endpoint reset")
    }

    @Test func lCyclesLatencyProfilesForwardAndBack() throws {
        let harness = try ScreenHarness.demo()
        var latencies: [String?] = []
        for key in ["l", "l", "L", "L", "L"] {
            harness.press(.char(Character(key)))
            latencies.append(harness.panelSettings[0].latency)
        }
        // Back from none: the presets come after the manifest's profiles.
        #expect(latencies == ["fast", "sluggish", "fast", nil, "very-bad-network"])
        #expect(harness.state.latencyLabel(harness.state.endpoints[0].latency) == "very-bad-network")
        for _ in 0..<9 { harness.press(.char("L")) }
        #expect(harness.state.latencyLabel(harness.state.endpoints[0].latency) == "slow 2s")
    }

    @Test func aScenarioChosenInThePickerIsThePanels() throws {
        let harness = try ScreenHarness.demo()
        harness.press(.char("s"), .down, .down, .enter)
        #expect(harness.panel.snapshot().activeScenario == "login-broken")
        #expect(harness.state.scenario == "login-broken")
        #expect(harness.state.scenarioPicker == nil)
        #expect(harness.rowSettings == harness.panelSettings)
        harness.press(.char(" "))
        #expect(harness.state.scenarioLabel?.description == "login-broken (changed)")
    }

    @Test func aChangeThroughTheControlAPIShowsOnTheNextFrame() throws {
        let harness = try ScreenHarness.demo()
        try harness.panel.setMode(.hang, endpoint: "weather")
        harness.frame()
        #expect(harness.state.endpoints[1].mode == .hang)
        #expect(harness.terminal.screen.contains("hang"))
    }

    @Test func framesAreCappedAtThirtyASecond() throws {
        let harness = try ScreenHarness.demo()
        let frames = harness.terminal.frames.count
        harness.terminal.typed = [.down]
        let step = harness.runtime.step()
        harness.terminal.typed = [.down]
        _ = harness.runtime.step()
        // Both keys were taken, but no frame yet: the last was just drawn.
        #expect(harness.terminal.frames.count == frames)
        #expect(harness.state.selected == 2)
        guard case .wait(let seconds, _) = step else { throw CancellationError() }
        #expect(seconds > 0 && seconds <= ScreenRuntime.frameInterval)
        harness.frame()
        #expect(harness.terminal.frames.count == frames + 1)
        // Nothing new: no frame, and a wait until the next tick.
        harness.frame()
        #expect(harness.terminal.frames.count == frames + 1)
    }

    @Test func requestsArrivingBeforeTheNextFrameAreTakenInWithIt() throws {
        let harness = try ScreenHarness.demo()
        let frames = harness.terminal.frames.count
        let request = ScreenFixtures.traffic[0]
        // Idle: a request wakes the screen, which takes it in at once.
        harness.journal.record(request)
        guard case .wait(_, let wakeUps) = harness.runtime.step() else { throw CancellationError() }
        #expect(harness.state.log.count == 6)
        // A frame was drawn a moment ago, so one is now pending: the screen
        // asks not to be woken by requests until then, and does not take in
        // the ones that come meanwhile step by step.
        #expect(!wakeUps)
        harness.journal.record(request)
        harness.journal.record(request)
        _ = harness.runtime.step()
        #expect(harness.state.log.count == 6)
        #expect(harness.terminal.frames.count == frames)
        // At the frame, all of them at once.
        guard case .wait(_, let wakeUpsAfter) = harness.frame() else { throw CancellationError() }
        #expect(harness.state.log.count == 8)
        #expect(harness.terminal.frames.count == frames + 1)
        // Drawn and idle again: the next request may wake it.
        #expect(wakeUpsAfter)
    }

    @Test func aResizeDrawsTheNextFrameAtTheNewSize() throws {
        let harness = try ScreenHarness.demo()
        harness.terminal.size = (40, 10)
        harness.press(.resize)
        let frame = try #require(harness.terminal.frames.last)
        #expect(frame.width == 40 && frame.height == 10)
    }

    @Test func enterOnALogLineShowsItsDetails() throws {
        let harness = try ScreenHarness.demo()
        harness.press(.tab, .up, .up, .enter)
        #expect(harness.state.details?.title.contains("/data/all/coinlist") == true)
        #expect(harness.terminal.screen.contains("/data/all/coinlist"))
    }

    @Test func eWritesTheVisibleLogAsAHARFileAndSaysWhere() throws {
        let folder = try TemporaryFixtures(manifest: "")
        let harness = try ScreenHarness.demo(exportFolder: folder.path)
        harness.press(.tab, .char("e"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".har") }
        let name = try #require(files.first)
        #expect(name.hasPrefix("switchboard-2025") && files.count == 1)
        #expect(harness.state.flash == "saved 5 requests to \(folder.path)/\(name)")
        let har = try String(contentsOfFile: folder.path + "/" + name, encoding: .utf8)
        #expect(har.contains("/weather?lat=35.9&lon=14.5"))
    }

    /// `e` and `--har` write the same file: the settings changes are the
    /// log's comment in both.
    @Test func eWritesTheMarkersAsTheLogsComment() throws {
        let folder = try TemporaryFixtures(manifest: "")
        let harness = try ScreenHarness.demo(exportFolder: folder.path)
        harness.press(.char(" "))
        let change = try #require(harness.panel.changes(after: 0).last)
        harness.press(.tab, .char("e"))
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".har") })
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + name))
        let log = try #require(
            (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["log"] as? [String: Any])
        #expect(log["comment"] as? String == Timestamp.iso8601(change.time) + "  " + change.text)
    }

    @Test func qQuitsAndCtrlCInterrupts() throws {
        #expect(try ScreenHarness.demo().press(.char("q")) == .exit(.quit))
        #expect(try ScreenHarness.demo().press(.ctrl("c")) == .exit(.interrupted))
        #expect(ScreenExit.interrupted.status == 130)
    }
}
