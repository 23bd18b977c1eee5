import SwitchboardCore
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// `x`, `p`, `m`, `n`/`N` on the log and in the details view, fed to the
/// reducer without a terminal.
@Suite struct LogActionKeysTests {
    var state: AppState

    init() throws {
        self.state = try ScreenFixtures.busyState()
        self.state.focus = .log
    }

    mutating func press(_ keys: Key...) -> [Effect] {
        var effects: [Effect] = []
        for key in keys { effects += Reducer.reduce(&self.state, .key(key), width: 80, height: 24) }
        return effects
    }

    @Test mutating func xAndPAskForTheSelectedRequest() {
        // Following: the newest request.
        #expect(self.press(.char("x")) == [.copyAsCurl(sequence: 5)])
        #expect(self.press(.char("p")) == [.replay(sequence: 5)])
        _ = self.press(.up, .up)
        #expect(self.press(.char("x")) == [.copyAsCurl(sequence: 3)])
        #expect(self.press(.char("p")) == [.replay(sequence: 3)])
    }

    @Test mutating func xAndPInTheDetailsViewAskForTheRequestShown() {
        self.state.details = DetailsView(title: "#2", lines: [], sequence: 2)
        #expect(self.press(.char("x")) == [.copyAsCurl(sequence: 2)])
        #expect(self.press(.char("p")) == [.replay(sequence: 2)])
        #expect(self.state.details != nil)
    }

    @Test mutating func onAnEmptyLogTheySayThereIsNothingYet() throws {
        self.state = try ScreenFixtures.freshState()
        self.state.focus = .log
        #expect(self.press(.char("x")).isEmpty)
        #expect(self.state.flash == "no request to copy yet")
        #expect(self.press(.char("p")).isEmpty)
        #expect(self.state.flash == "no request to replay yet")
    }

    /// A request carrying the replay header of request `original`.
    static func replay(of original: Int, _ entry: JournalEntry, sequence: Int) -> JournalEntry {
        var replay = entry
        replay.sequence = sequence
        replay.details = FakeExchange(
            requestHeaders: [(RequestCopy.replayHeader, "\(original)")], responseHeaders: [], responseBody: [])
        return replay
    }

    @Test mutating func aReplayIsMarkedOnItsLineAndItsEndSaid() throws {
        self.state.pendingReplays = [1: 1]
        let replay = Self.replay(of: 1, ScreenFixtures.traffic[0], sequence: 6)
        // A request with the header of a request not being replayed is not one.
        let stray = Self.replay(of: 2, ScreenFixtures.traffic[1], sequence: 7)
        _ = Reducer.reduce(
            &self.state, .requests([replay, stray], missed: 0, stats: ScreenFixtures.stats(for: [replay, stray])),
            width: 80, height: 24)
        #expect(self.state.replays == [6: 1])
        _ = Reducer.reduce(&self.state, .replayFinished(original: 1, .success(200)), width: 80, height: 24)
        #expect(self.state.flash == "replayed #1 → 200, logged as #6")
        #expect(self.state.pendingReplays.isEmpty)
        let screen = ScreenRenderer.render(
            self.state, width: 80, height: 24, options: RenderOptions(color: false, unicode: false)
        ).text
        let line = try #require(screen.split(separator: "\n").last { $0.contains("/data/all/coinlist?x=1") })
        #expect(line.contains("replay #1 success"))
    }

    /// Replaying a line of a paused log (selecting it paused the log)
    /// selects the replay's new line, which comes into view.
    @Test mutating func aReplayOfASelectedLineIsSelectedWhenItArrives() throws {
        _ = self.press(.up, .up)
        #expect(self.press(.char("p")) == [.replay(sequence: 3)])
        #expect(!self.state.following)
        let filler = (6...30).map { sequence in
            var entry = ScreenFixtures.traffic[1]
            entry.sequence = sequence
            return entry
        }
        let entries = filler + [Self.replay(of: 3, ScreenFixtures.traffic[2], sequence: 31)]
        _ = Reducer.reduce(
            &self.state, .requests(entries, missed: 0, stats: ScreenFixtures.stats(for: entries)), width: 80,
            height: 24)
        #expect(self.state.logCursor == 31)
        let screen = ScreenRenderer.render(
            self.state, width: 80, height: 24, options: RenderOptions(color: false, unicode: false)
        ).text
        #expect(screen.contains("replay #3"), "\(screen)")
    }

    @Test mutating func aReplayThatCouldNotStartSaysWhy() {
        _ = self.press(.up)
        #expect(self.press(.char("p")) == [.replay(sequence: 4)])
        #expect(self.state.flash == "replaying #4…")
        _ = Reducer.reduce(
            &self.state, .replayFinished(original: 4, .failure(ReplayError("request #4 is no longer in the journal"))),
            width: 80, height: 24)
        #expect(self.state.flash == "replay of #4 failed: request #4 is no longer in the journal")
        #expect(self.state.pendingReplays.isEmpty)
    }

    @Test mutating func mMarksAndUnmarksAndTheMarkShowsInTheMargin() {
        _ = self.press(.up)
        #expect(self.press(.char("m")).isEmpty)
        #expect(self.state.marks == [4])
        #expect(self.state.flash == "#4 marked — n / N jump between marks")
        let screen = ScreenRenderer.render(
            self.state, width: 80, height: 24, options: RenderOptions(color: false, unicode: false)
        ).text
        #expect(screen.split(separator: "\n").contains { $0.hasPrefix("*") && $0.contains("/weather?lat") })
        _ = self.press(.char("m"))
        #expect(self.state.marks.isEmpty)
        #expect(self.state.flash == "#4 unmarked")
    }

    @Test mutating func nAndShiftNJumpBetweenMarksAndWrapAround() {
        _ = self.press(.char("g"), .char("m"))  // #1
        _ = self.press(.down, .down, .char("m"))  // #3
        _ = self.press(.char("G"))
        #expect(self.state.following)
        _ = self.press(.char("n"))
        // From the newest, the next mark wraps to the first.
        #expect(!self.state.following)
        #expect(self.state.logCursor == 1)
        _ = self.press(.char("n"))
        #expect(self.state.logCursor == 3)
        _ = self.press(.char("N"))
        #expect(self.state.logCursor == 1)
        _ = self.press(.char("N"))
        #expect(self.state.logCursor == 3)
    }

    @Test mutating func marksSurviveScrollingAndGoWithAClearedLog() {
        _ = self.press(.up, .char("m"), .char("g"), .char("G"), .pageUp)
        #expect(self.state.marks == [4])
        #expect(self.press(.char("n")).isEmpty)
        #expect(self.state.logCursor == 4)
        _ = self.press(.char("c"))
        #expect(self.state.marks.isEmpty)
        _ = self.press(.char("n"))
        #expect(self.state.flash == "no marks — m marks a request")
    }
}
