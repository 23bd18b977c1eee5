import SwitchboardCore
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// A drill on the screen: the header's step and countdown, and the changes
/// as marker lines among the requests, which the cursor steps over.
@Suite struct DrillScreenTests {
    static let manifest = DrillManifests.badDay
    let colored = RenderOptions(color: true, unicode: true, utcOffset: 0)

    /// 12:01:00 plus `seconds`, the time ManualClock starts at.
    static func entry(_ sequence: Int, _ seconds: Double, _ target: String, _ status: Int) -> JournalEntry {
        var entry = JournalEntry(
            time: 1_763_812_860 + seconds, method: "GET", target: target, status: .answered(status),
            duration: .milliseconds(2), endpointID: "feed", mode: status == 200 ? .success : .serverError,
            latency: nil)
        entry.sequence = sequence
        return entry
    }

    /// The drill started at 12:01:00 and in its second step at 12:01:25,
    /// with requests before and after each change.
    func drillState() throws -> (AppState, ControlPanel) {
        let clock = ManualClock()
        let fixtures = MemoryFixtures(Self.manifest)
        let panel = try fixtures.panel(clock: clock)
        var state = AppState(serverURL: "http://127.0.0.1:8080")
        let stats = JournalStats(total: 3, unmatched: 0, byEndpoint: [:])
        func send(_ action: Action) { _ = Reducer.reduce(&state, action, width: 80, height: 24) }
        send(.requests([Self.entry(1, -1, "/feed", 200)], missed: 0, stats: stats))
        try panel.applyScenario(named: "bad-day", origin: .key)
        clock.advance(by: 20)
        panel.advanceDrill()
        send(.requests([Self.entry(2, 10, "/feed", 200), Self.entry(3, 21, "/login", 503)], missed: 0, stats: stats))
        send(.changes(panel.changes(after: 0)))
        send(.panel(panel.snapshot(), stats))
        clock.advance(by: 5)
        send(.wallClock(clock.panelClock()))
        return (state, panel)
    }

    @Test func theHeaderShowsTheDrillItsStepAndTheCountdown() throws {
        let (state, _) = try self.drillState()
        let grid = ScreenRenderer.render(state, width: 80, height: 24, options: self.colored)
        #expect(grid.row(0).contains("drill bad-day 2/3, next in 15s"))
        expectGolden(grid, "drill-80x24", styles: true)
    }

    /// On a narrow screen the drill goes before the URL, then shortens:
    /// the audience never loses it.
    @Test func narrowScreensKeepTheDrillInTheHeader() throws {
        let (state, _) = try self.drillState()
        let at60 = ScreenRenderer.render(state, width: 60, height: 24, options: self.colored)
        #expect(at60.row(0).hasPrefix(" Switchboard  drill bad-day 2/3, next in 15s"), "\(at60.row(0))")
        let at40 = ScreenRenderer.render(state, width: 40, height: 10, options: self.colored)
        #expect(at40.row(0).hasPrefix(" Switchboard  bad-day 2/3 15s"), "\(at40.row(0))")
        let at80 = ScreenRenderer.render(state, width: 80, height: 24, options: self.colored)
        #expect(at80.row(0).hasPrefix(" Switchboard  http://127.0.0.1:8080  drill bad-day 2/3"), "\(at80.row(0))")
    }

    @Test func asciiTerminalsGetArrowsTheyCanDraw() throws {
        let (state, _) = try self.drillState()
        let grid = ScreenRenderer.render(
            state, width: 80, height: 24, options: RenderOptions(color: false, unicode: false, utcOffset: 0))
        #expect(grid.text.contains("login -> server_error  (drill bad-day, step 2)"))
        #expect(grid.text.unicodeScalars.allSatisfy { $0.isASCII })
        expectGolden(grid, "drill-80x24-ascii")
    }

    @Test func markersGoAmongTheRequestsByTime() throws {
        let (state, _) = try self.drillState()
        #expect(
            state.log.map { $0.marker ?? $0.target } == [
                "/feed",
                "drill bad-day started  (key)",
                "all → latency 3g  (drill bad-day, step 1)",
                "/feed",
                "login → server_error  (drill bad-day, step 2)",
                "/login",
            ])
    }

    /// A slow request that arrived before step 2 but was answered after its
    /// marker was drawn goes above the marker: it got the old setting.
    @Test func aRequestAnsweredAfterAChangeItArrivedBeforeGoesAboveItsMarker() throws {
        var (state, _) = try self.drillState()
        let stats = JournalStats(total: 5, unmatched: 0, byEndpoint: [:])
        let slow = Self.entry(4, 19, "/slow-feed", 200)
        let after = Self.entry(5, 22, "/feed", 200)
        _ = Reducer.reduce(&state, .requests([slow, after], missed: 0, stats: stats), width: 80, height: 24)
        #expect(
            state.log.map { $0.marker ?? $0.target }.suffix(5) == [
                "/feed",
                "/slow-feed",
                "login → server_error  (drill bad-day, step 2)",
                "/login",
                "/feed",
            ])
        // Paused on it, the cursor finds it although it is out of number order.
        state.focus = .log
        _ = Reducer.reduce(&state, .key(.up), width: 80, height: 24)
        #expect(state.logCursor == 3)
        _ = Reducer.reduce(&state, .key(.up), width: 80, height: 24)
        #expect(state.logCursor == 4)
        #expect(Reducer.reduce(&state, .key(.enter), width: 80, height: 24) == [.openDetails(sequence: 4)])
    }

    @Test func theCursorStepsOverMarkers() throws {
        var (state, _) = try self.drillState()
        state.focus = .log
        func press(_ key: Key) -> [Effect] { Reducer.reduce(&state, .key(key), width: 80, height: 24) }
        _ = press(.up)
        #expect(state.logCursor == 2)
        _ = press(.up)
        #expect(state.logCursor == 1)
        #expect(press(.enter) == [.openDetails(sequence: 1)])
        _ = press(.down)
        #expect(state.logCursor == 2)
    }

    @Test func aFilterShowsRequestsOnly() throws {
        var (state, _) = try self.drillState()
        state.filter = try LogFilter.parse("feed").get()
        #expect(state.visibleLog.allSatisfy { state.log[$0].marker == nil })
    }

    @Test func theDrillLeavesTheHeaderWhenItEnds() throws {
        let clock = ManualClock()
        let fixtures = MemoryFixtures(Self.manifest)
        let panel = try fixtures.panel(clock: clock)
        var state = AppState(serverURL: "http://127.0.0.1:8080")
        try panel.applyScenario(named: "bad-day")
        clock.advance(by: 40)
        panel.advanceDrill()
        _ = Reducer.reduce(
            &state, .panel(panel.snapshot(), JournalStats(total: 0, unmatched: 0, byEndpoint: [:])), width: 80,
            height: 24)
        #expect(state.drill == nil)
        // Its last step reset every endpoint: no scenario is in force.
        #expect(state.scenario == nil)
        #expect(
            ScreenRenderer.render(state, width: 80, height: 24, options: self.colored).row(0).contains("scenario: -"))
    }
}

/// The runtime's part: `s` starts the drill, each tick moves the countdown,
/// and the changes come in as markers.
@Suite struct DrillRuntimeTests {
    /// The screen on a manual clock with `bad-day` started from the picker
    /// (`s`, enter); the fixtures are returned to outlive the test.
    static func startedByKey() throws -> (ScreenHarness, ControlPanel, ManualClock) {
        let clock = ManualClock()
        let panel = try MemoryFixtures(DrillScreenTests.manifest).panel(clock: clock)
        let harness = ScreenHarness(panel: panel, clock: clock)
        harness.press(.char("s"))
        harness.press(.enter)
        return (harness, panel, clock)
    }

    @Test func theRuntimeCountsDownAndShowsEachStep() throws {
        let (harness, panel, clock) = try Self.startedByKey()
        clock.advance(by: ScreenRuntime.tickInterval)
        harness.frame()
        #expect(harness.terminal.screen.contains("drill bad-day 1/3, next in 19s"))
        #expect(harness.terminal.screen.contains("drill bad-day started  (key)"))
        clock.advance(by: 19)
        panel.advanceDrill()
        harness.frame()
        #expect(harness.terminal.screen.contains("drill bad-day 2/3, next in 20s"))
        #expect(harness.terminal.screen.contains("login → server_error  (drill bad-day, step 2)"))
        harness.press(.char("R"))
        // The marker comes with the next frame's pull, like new requests.
        harness.frame()
        #expect(!harness.terminal.screen.contains("drill bad-day 2/3"))
        #expect(harness.terminal.screen.contains("all → back to the manifest, drill bad-day stopped  (key)"))
    }

    /// The countdown is read from the wall clock when drawn, to the
    /// fraction, and the screen wakes when it is due to move — not on its own
    /// one-second tick, which is not in step with the drill.
    @Test func theCountdownMovesOnTheDrillsSecondNotTheScreensTick() throws {
        let (harness, panel, clock) = try Self.startedByKey()
        let due = try #require(panel.snapshot().drill?.nextDue)
        let frame = ScreenRuntime.frameInterval * 1.5
        // 1.2 s before step 2: a tick comes with this frame (a long wait).
        clock.advance(by: due - clock.panelClock() - 1.2 - frame)
        harness.frame()
        #expect(harness.terminal.screen.contains("drill bad-day 1/3, next in 2s"), "\(harness.terminal.screen)")
        // Half a second on, no tick is due, but the countdown has moved.
        clock.advance(by: 0.5 - frame)
        let wait = harness.frame()
        #expect(harness.terminal.screen.contains("drill bad-day 1/3, next in 1s"), "\(harness.terminal.screen)")
        // It asks to be woken no later than the step is due, 0.7 s on.
        guard case .wait(let seconds, _) = wait else {
            Issue.record("the screen should wait, not exit")
            return
        }
        #expect(seconds <= 0.7 + 1e-6, "\(seconds)")
    }
}
