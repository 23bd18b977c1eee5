import SwitchboardCore
import SwitchboardModel
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// Every key, fed to the reducer without a terminal.
@Suite struct ReducerTests {
    var state: AppState

    init() throws {
        self.state = try ScreenFixtures.busyState()
    }

    mutating func press(_ keys: Key...) -> [Effect] {
        var effects: [Effect] = []
        for key in keys { effects += Reducer.reduce(&self.state, .key(key), width: 80, height: 24) }
        return effects
    }

    @Test mutating func arrowsAndJKMoveTheSelection() {
        #expect(self.state.selected == 1)
        _ = self.press(.down, .char("j"))
        #expect(self.state.selected == 3)
        _ = self.press(.up, .char("k"), .char("k"), .up)
        #expect(self.state.selected == 0)
        _ = self.press(.end)
        #expect(self.state.selectedEndpoint?.id == "todos.delete")
        _ = self.press(.char("g"))
        #expect(self.state.selected == 0)
    }

    @Test mutating func spaceAsksForTheNextModeAndLeavesTheRowToThePanel() {
        _ = self.press(.up)
        #expect(self.state.selectedEndpoint?.mode == .error)
        #expect(self.press(.char(" ")) == [.set(endpoint: "coinlist", SettingChange(mode: .serverError))])
        #expect(self.state.flash == "coinlist → server_error")
        // The row changes when the panel's snapshot comes back, not before.
        #expect(self.state.endpoints[0].mode == .error)
    }

    @Test mutating func enterOpensTheEndpointAndChangesNothing() {
        _ = self.press(.up)
        let before = self.state.endpoints
        #expect(self.press(.enter) == [.openEndpoint(id: "coinlist")])
        #expect(self.state.endpoints == before)
        #expect(self.state.flash == nil)
    }

    @Test mutating func digitsPickAModeDirectly() {
        #expect(self.press(.char("3")) == [.set(endpoint: "weather", SettingChange(mode: .serverError))])
        #expect(self.press(.char("1")) == [.set(endpoint: "weather", SettingChange(mode: .success))])
        #expect(self.press(.char("4")) == [.set(endpoint: "weather", SettingChange(mode: .reset))])
        #expect(self.press(.char("5")) == [.set(endpoint: "weather", SettingChange(mode: .hang))])
        #expect(self.press(.char("8")) == [.set(endpoint: "weather", SettingChange(mode: .truncated))])
        #expect(self.press(.char("9")) == [.set(endpoint: "weather", SettingChange(mode: .flaky(percent: 25)))])
        #expect(self.press(.char("0")) == [.set(endpoint: "weather", SettingChange(mode: .sequence))])
    }

    @Test mutating func aRefusedSequenceSaysWhatToAddToTheManifest() {
        _ = Reducer.reduce(&self.state, .refused(.noSequence("weather")), width: 80, height: 24)
        #expect(
            self.state.flash
                == "weather has no sequence — add 'sequence: [success, server_error]' to its manifest entry")
        #expect(self.state.endpoints[1].mode == .serverError)
    }

    @Test mutating func aChangeToAnEndpointAReloadRemovedSaysWhy() {
        _ = Reducer.reduce(
            &self.state, .refused(.unknownEndpoint("weather", known: ["other"])), width: 80, height: 24)
        #expect(self.state.flash == "no endpoint 'weather' (endpoints: other)")
    }

    @Test mutating func lAsksForTheNextLatencyProfileAndLTheOneBefore() {
        _ = self.press(.up)
        #expect(self.press(.char("l")) == [.set(endpoint: "coinlist", SettingChange(latency: .profile("fast")))])
        #expect(self.state.flash == "coinlist latency → fast 100ms")
        // Back from none: the presets come after the manifest's profiles.
        #expect(
            self.press(.char("L")) == [.set(endpoint: "coinlist", SettingChange(latency: .profile("very-bad-network")))]
        )
    }

    @Test mutating func aAsksToApplyTheSelectedSettingToEveryEndpoint() {
        let rows = self.state.endpoints
        #expect(self.press(.char("a")) == [.applyToAll(from: "weather")])
        #expect(self.state.flash == "every endpoint → server_error, latency slow 2s")
        #expect(self.state.endpoints == rows)
    }

    @Test mutating func rAsksToResetOneEndpointAndShiftRAll() {
        let rows = self.state.endpoints
        #expect(self.press(.char("r")) == [.reset(endpoint: "weather")])
        #expect(self.press(.char("R")) == [.reset(endpoint: nil)])
        #expect(self.state.endpoints == rows)
    }

    @Test mutating func tabMovesFocusBetweenEndpointsAndLog() {
        _ = self.press(.tab)
        #expect(self.state.focus == .log)
        // Endpoint keys do nothing in the log.
        #expect(self.press(.char(" ")) == [])
        _ = self.press(.backTab)
        #expect(self.state.focus == .endpoints)
    }

    @Test mutating func fPausesAndFollowsTheLog() {
        _ = self.press(.tab, .char("f"))
        #expect(!self.state.following)
        #expect(self.state.logCursor == 5)
        var late = ScreenFixtures.entry(9, "GET", "/late", .answered(200), ms: 1, endpoint: "coinlist")
        late.sequence = 6
        _ = Reducer.reduce(
            &self.state, .requests([late], missed: 0, stats: ScreenFixtures.stats(for: [late])), width: 80, height: 24)
        #expect(self.state.unseen == 1)
        #expect(self.state.logCursor == 5)
        _ = self.press(.char("f"))
        #expect(self.state.following && self.state.unseen == 0 && self.state.logCursor == nil)
    }

    @Test mutating func movingUpInTheLogPausesIt() {
        _ = self.press(.tab, .up, .up)
        #expect(!self.state.following)
        #expect(self.state.logCursor == 3)
        _ = self.press(.down)
        #expect(self.state.logCursor == 4)
        _ = self.press(.end)
        #expect(self.state.following)
    }

    @Test mutating func theCursorStaysOnItsRequestWhenOldLinesAreDropped() {
        self.state.logCapacity = 5
        _ = self.press(.tab, .up)
        #expect(self.state.logCursor == 4)
        let more = (6...8).map { number in
            var entry = ScreenFixtures.entry(
                Double(number), "GET", "/x\(number)", .answered(200), ms: 1, endpoint: "coinlist")
            entry.sequence = number
            return entry
        }
        _ = Reducer.reduce(
            &self.state, .requests(more, missed: 0, stats: ScreenFixtures.stats(for: more)), width: 80, height: 24)
        #expect(self.state.log.map(\.sequence) == [4, 5, 6, 7, 8])
        #expect(self.state.logCursor == 4)
    }

    @Test mutating func enterOnALogLineAsksForItsDetails() throws {
        _ = self.press(.tab)
        #expect(self.press(.enter) == [.openDetails(sequence: 5)])
        _ = self.press(.up, .up)
        #expect(self.press(.enter) == [.openDetails(sequence: 3)])
        let entry = ScreenFixtures.traffic[1]
        _ = Reducer.reduce(
            &self.state, .details(DetailsFormatter.view(entry, signature: nil)), width: 80, height: 5)
        let lines = try #require(self.state.details?.lines.count)
        // Five rows leave two for the details: they have to scroll.
        #expect(lines >= 5)
        _ = Reducer.reduce(&self.state, .key(.down), width: 80, height: 5)
        _ = Reducer.reduce(&self.state, .key(.down), width: 80, height: 5)
        #expect(self.state.details?.scroll == 2)
        _ = self.press(.escape)
        #expect(self.state.details == nil)
        #expect(self.state.focus == .log)
    }

    @Test mutating func slashFiltersTheLog() {
        _ = self.press(.tab, .char("/"))
        #expect(self.state.filterDraft == "")
        for character in "status:5xx" { _ = self.press(.char(character)) }
        _ = self.press(.enter)
        #expect(self.state.filter?.text == "status:5xx")
        #expect(self.state.visibleLog.map { self.state.log[$0].status } == [.answered(503)])
        _ = self.press(.char("/"))
        for _ in 0..<10 { _ = self.press(.backspace) }
        for character in "method:post" { _ = self.press(.char(character)) }
        _ = self.press(.enter)
        #expect(self.state.visibleLog.map { self.state.log[$0].target } == ["/login"])
        _ = self.press(.char("/"), .char("x"), .escape)
        #expect(self.state.filter?.text == "method:post")
        _ = self.press(.char("/"), .ctrl("u"), .enter)
        #expect(self.state.filter == nil)
    }

    @Test mutating func aBadFilterTermSaysWhatToWrite() {
        _ = self.press(.tab, .char("/"))
        for character in "status:five" { _ = self.press(.char(character)) }
        _ = self.press(.enter)
        #expect(self.state.filter == nil)
        #expect(self.state.filterDraft == "status:five")
        #expect(self.state.flash == "status:five — write status:5xx, status:404 or status:0 (faults)")
    }

    @Test mutating func filtersCombine() throws {
        let filter = try LogFilter.parse("unmatched nope").get()
        #expect(self.state.log.filter(filter.matches).map(\.target) == ["/nope"])
        let coin = try LogFilter.parse("endpoint:coinlist status:4xx").get()
        #expect(self.state.log.filter(coin.matches).map(\.status) == [.answered(429)])
    }

    @Test mutating func eExportsTheFilteredLog() {
        _ = self.press(.tab)
        #expect(self.press(.char("e")) == [.exportHAR(sequences: [1, 2, 3, 4, 5])])
        _ = self.press(.char("/"))
        for character in "coinlist" { _ = self.press(.char(character)) }
        _ = self.press(.enter)
        #expect(self.press(.char("e")) == [.exportHAR(sequences: [1, 3])])
    }

    @Test mutating func sOpensTheScenarioPicker() {
        _ = self.press(.char("s"))
        #expect(self.state.scenarioPicker == 0)
        #expect(self.state.scenarios == ["outage", "slow-network", "login-broken", "bad-day"])
        _ = self.press(.down, .down)
        #expect(self.press(.enter) == [.applyScenario("login-broken")])
        #expect(self.state.scenarioPicker == nil)
        #expect(self.state.flash == "scenario login-broken applied")
        _ = self.press(.char("s"), .escape)
        #expect(self.state.scenarioPicker == nil)
    }

    @Test mutating func aReloadThatRemovesScenariosCannotCrashTheOpenPicker() throws {
        _ = self.press(.char("s"), .down, .down)
        #expect(self.state.scenarioPicker == 2)
        let fixtures = MemoryFixtures(
            "endpoints:\n  - { id: a, method: GET, path: /a }\nscenarios:\n  only: { a: { mode: error } }\n")
        let panel = try fixtures.panel()
        _ = Reducer.reduce(&self.state, .panel(panel.snapshot(), JournalStats()), width: 80, height: 24)
        #expect(self.state.scenarioPicker == 0)
        #expect(self.press(.enter) == [.applyScenario("only")])
    }

    @Test func aFailedReloadReplacesTheSuccessMessageAndNamesTheFolderToCheck() throws {
        let state = try ScreenFixtures.failedReloadState()
        #expect(state.flash == nil)
        #expect(state.reloadProblems.count == 3)
        #expect(state.reloadFolder == "myapi")
    }

    @Test func aGoodReloadAndAFailedOneSeenTogetherShowNoSuccess() throws {
        let panel = try ScreenFixtures.demoPanel()
        var state = try ScreenFixtures.freshState(panel: panel)
        panel.replaceManifest(panel.snapshot().manifest)
        panel.reportReloadProblems(ScreenFixtures.reloadProblems)
        _ = Reducer.reduce(&state, .panel(panel.snapshot(), JournalStats()), width: 80, height: 24)
        #expect(state.flash == nil)
        #expect(state.reloadProblems.count == 3)
    }

    @Test mutating func aReloadThatLeavesNoEndpointsWarns() throws {
        let panel = try ScreenFixtures.demoPanel()
        _ = Reducer.reduce(&self.state, .panel(panel.snapshot(), JournalStats()), width: 80, height: 24)
        panel.replaceManifest(try MemoryFixtures("endpoints: []\n").load())
        _ = Reducer.reduce(&self.state, .panel(panel.snapshot(), JournalStats()), width: 80, height: 24)
        #expect(self.state.flash == "warning: the reloaded fixtures declare no endpoints; every request answers 404")
    }

    @Test mutating func ticksBuildEachEndpointsSparkline() {
        for second in 0..<5 {
            self.state.endpoints[0].hits += second
            _ = Reducer.reduce(&self.state, .tick(now: 1000 + Double(second)), width: 80, height: 24)
        }
        let history = self.state.history["coinlist"]
        #expect(history?.perSecond.suffix(4) == [1, 2, 3, 4])
        #expect(history?.sparkline(width: 6, unicode: false).hasSuffix("@") == true)
    }

    @Test mutating func cClearsTheLogOnScreen() {
        _ = self.press(.tab, .char("c"))
        #expect(self.state.log.isEmpty)
        #expect(self.state.flash == "log cleared")
    }

    @Test mutating func questionMarkShowsHelpAndAnyKeyClosesIt() {
        _ = self.press(.char("?"))
        #expect(self.state.showHelp)
        #expect(self.press(.char(" ")) == [])
        #expect(!self.state.showHelp)
        _ = self.press(.char("?"), .escape)
        #expect(!self.state.showHelp)
    }

    @Test mutating func qAndCtrlCQuit() {
        #expect(self.press(.char("q")) == [.quit(interrupted: false)])
        #expect(self.press(.ctrl("c")) == [.quit(interrupted: true)])
    }

    @Test mutating func anUnboundKeySaysSo() {
        #expect(self.press(.char("z")) == [])
        #expect(self.state.flash == "z does nothing here — press ? for help")
    }

    @Test mutating func requestsUpdateHitsTotalsAndTheBoundedLog() {
        self.state.logCapacity = 3
        let more = (0..<5).map {
            ScreenFixtures.entry(Double(10 + $0), "GET", "/x\($0)", .answered(200), ms: 1, endpoint: "coinlist")
        }
        let stats = ScreenFixtures.stats(for: ScreenFixtures.traffic + more)
        _ = Reducer.reduce(&self.state, .requests(more, missed: 0, stats: stats), width: 80, height: 24)
        #expect(self.state.log.map(\.target) == ["/x2", "/x3", "/x4"])
        #expect(self.state.totalRequests == 10)
        #expect(self.state.endpoints[0].hits == 7)
    }

    @Test mutating func aPanelChangeFromElsewhereShowsAndKeepsTheSelection() throws {
        let panel = try ScreenFixtures.demoPanel()
        try panel.applyScenario(named: "outage")
        _ = Reducer.reduce(
            &self.state, .panel(panel.snapshot(), ScreenFixtures.stats(for: [])), width: 80, height: 24)
        #expect(self.state.scenario == "outage")
        #expect(self.state.endpoints.allSatisfy { $0.mode == .serverError })
        #expect(self.state.selectedEndpoint?.id == "weather")
    }

    @Test mutating func theRateIsAveragedOverRecentTicks() {
        self.state.totalRequests = 100
        _ = Reducer.reduce(&self.state, .tick(now: 1000), width: 80, height: 24)
        self.state.totalRequests = 160
        _ = Reducer.reduce(&self.state, .tick(now: 1002), width: 80, height: 24)
        #expect(self.state.rate.perSecond == 30)
    }

    @Test mutating func theSelectionScrollsIntoViewOnSmallScreens() throws {
        var small = try ScreenFixtures.busyState(width: 40, height: 10)
        for _ in 0..<5 { _ = Reducer.reduce(&small, .key(.down), width: 40, height: 10) }
        let layout = Layout(width: 40, height: 10, endpointCount: small.endpoints.count)
        #expect(small.selected == 6)
        #expect(small.endpointScroll == 6 - layout.endpointRows + 1)
    }
}
