import SwitchboardCore
import SwitchboardModel
import SwitchboardTUI
import Testing

/// Clicks and the wheel, decoded into `MouseEvent`s, fed to the reducer
/// without a terminal; the layout says what is under a cell.
@Suite struct MouseKeysTests {
    var state: AppState
    let layout: Layout

    init() throws {
        self.state = try ScreenFixtures.busyState()
        self.layout = Layout(self.state, width: 80, height: 24)
    }

    mutating func mouse(_ kind: MouseEvent.Kind, x: Int, y: Int) -> [Effect] {
        Reducer.reduce(&self.state, .key(.mouse(MouseEvent(kind, x: x, y: y))), width: 80, height: 24)
    }

    /// Where the mode column starts, as drawn (weather, the second row, is
    /// `server_error`).
    func modeColumn() -> Int {
        let screen = ScreenRenderer.render(self.state, width: 80, height: 24, options: RenderOptions(color: false))
        let row = screen.text.split(separator: "\n", omittingEmptySubsequences: false)[self.layout.firstEndpointRow + 1]
        return row.distance(from: row.startIndex, to: row.range(of: "server_error")!.lowerBound)
    }

    var longestLatency: Int { self.state.profiles.map { $0.label.count }.max() ?? 0 }

    @Test func theLayoutTellsWhatIsUnderACell() {
        let row = self.layout.firstEndpointRow
        #expect(self.layout.spot(x: 5, y: row) == .endpoint(row: 0, modeCell: false))
        let columnsBeforeMode = self.modeColumn()
        #expect(
            self.layout.spot(x: columnsBeforeMode, y: row + 1, longestLatency: self.longestLatency)
                == .endpoint(row: 1, modeCell: true))
        #expect(
            self.layout.spot(x: columnsBeforeMode - 1, y: row + 1, longestLatency: self.longestLatency)
                == .endpoint(row: 1, modeCell: false))
        #expect(self.layout.spot(x: 10, y: self.layout.firstLogRow + 2) == .log(row: 2))
        #expect(self.layout.spot(x: 10, y: self.layout.headerRow) == .elsewhere)
        #expect(self.layout.spot(x: 10, y: self.layout.barRow) == .elsewhere)
    }

    @Test mutating func clickingAnEndpointRowSelectsItAndFocusesTheList() {
        self.state.focus = .log
        let effects = self.mouse(.click, x: 5, y: self.layout.firstEndpointRow + 2)
        #expect(effects.isEmpty)
        #expect(self.state.selected == 2)
        #expect(self.state.focus == .endpoints)
    }

    @Test mutating func clickingItsModeCellCyclesTheModeAsSpaceDoes() throws {
        let modeX = self.modeColumn() + 2
        var keyed = self.state
        keyed.selected = 0
        let bySpace = Reducer.reduce(&keyed, .key(.char(" ")), width: 80, height: 24)
        let byClick = self.mouse(.click, x: modeX, y: self.layout.firstEndpointRow)
        #expect(byClick == bySpace)
        #expect(byClick == [.set(endpoint: "coinlist", SettingChange(mode: .serverError))])
        #expect(self.state.selected == 0)
    }

    @Test mutating func clickingALogLineSelectsThatRequest() {
        // Five requests, following: they fill the first five log rows.
        _ = self.mouse(.click, x: 20, y: self.layout.firstLogRow + 1)
        #expect(self.state.focus == .log)
        #expect(!self.state.following)
        #expect(self.state.logCursor == 2)
        #expect(Reducer.reduce(&self.state, .key(.enter), width: 80, height: 24) == [.openDetails(sequence: 2)])
    }

    @Test mutating func theWheelScrollsTheLogWhateverHasFocus() {
        #expect(self.state.focus == .endpoints)
        _ = self.mouse(.wheelUp, x: 0, y: 0)
        #expect(!self.state.following)
        #expect(self.state.logCursor == 2)
        _ = self.mouse(.wheelDown, x: 0, y: 0)
        #expect(self.state.logCursor == 5)
        #expect(self.state.focus == .endpoints)
        #expect(self.state.selected == 1)
    }

    @Test mutating func theWheelScrollsAnOpenDetailsViewAndClicksThereDoNothing() {
        self.state.details = DetailsView(
            title: "#1", lines: (0..<100).map { DetailsView.Line("line \($0)") }, sequence: 1)
        _ = self.mouse(.wheelDown, x: 0, y: 5)
        #expect(self.state.details?.scroll == 3)
        #expect(self.mouse(.click, x: 5, y: self.layout.firstEndpointRow).isEmpty)
        #expect(self.state.selected == 1)
        _ = self.mouse(.wheelUp, x: 0, y: 5)
        #expect(self.state.details?.scroll == 0)
    }

    @Test mutating func clicksOutsideAnyRowDoNothing() {
        let before = self.state
        #expect(self.mouse(.click, x: 3, y: self.layout.headerRow).isEmpty)
        #expect(self.state == before)
    }
}
