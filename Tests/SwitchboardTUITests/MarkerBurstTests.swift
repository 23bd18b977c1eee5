import SwitchboardCore
import SwitchboardModel
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// Issue 22 item 21: cycling a setting by key leaves one marker, the last
/// value, not a line per press.
@Suite struct MarkerBurstTests {
    static let manifest = """
        endpoints:
          - { id: login, method: POST, path: /login }
          - { id: feed, method: GET, path: /feed }
        """
    let clock = ManualClock()
    let panel: ControlPanel
    var state = AppState(serverURL: "http://127.0.0.1:8080")
    var seen = 0

    init() throws {
        let fixtures = MemoryFixtures(Self.manifest)
        self.panel = try fixtures.panel(clock: self.clock)
    }

    /// What the screen runtime does each frame: the changes since the last.
    mutating func step() {
        let changes = self.panel.changes(after: self.seen)
        self.seen = changes.last?.sequence ?? self.seen
        _ = Reducer.reduce(&self.state, .changes(changes), width: 80, height: 24)
    }

    var markers: [String] { self.state.log.compactMap(\.marker) }

    @Test mutating func twelvePressesOfLAreOneMarker() throws {
        let profiles = LatencyProfile.builtIns.map(\.name)
        for name in profiles {
            try self.panel.set(endpoint: "feed", SettingChange(latency: .profile(name)), origin: .key)
            self.step()
            self.clock.advance(by: 0.3)
        }
        #expect(self.markers == ["feed → latency very-bad-network  (key)"])
    }

    @Test mutating func aPauseADifferentSettingOrAnotherOriginStartsANewMarker() throws {
        try self.panel.set(endpoint: "feed", SettingChange(latency: .profile("3g")), origin: .key)
        self.step()
        self.clock.advance(by: MarkerBurst.window + 0.5)
        try self.panel.set(endpoint: "feed", SettingChange(latency: .profile("edge")), origin: .key)
        self.step()
        self.clock.advance(by: 0.2)
        try self.panel.set(endpoint: "feed", SettingChange(mode: .error), origin: .key)
        self.step()
        self.clock.advance(by: 0.2)
        try self.panel.set(endpoint: "login", SettingChange(mode: .error), origin: .key)
        try self.panel.set(endpoint: "login", SettingChange(mode: .hang), origin: .commandLine)
        try self.panel.set(endpoint: "login", SettingChange(mode: .reset), origin: .commandLine)
        self.step()
        #expect(
            self.markers == [
                "feed → latency 3g  (key)", "feed → latency edge  (key)", "feed → error  (key)",
                "login → error  (key)", "login → hang  (CLI)", "login → reset  (CLI)",
            ])
    }

    /// A request answered between two presses keeps both markers: the line
    /// between them was answered under the first.
    @Test mutating func aRequestBetweenPressesKeepsBoth() throws {
        try self.panel.set(endpoint: "feed", SettingChange(mode: .error), origin: .key)
        self.step()
        var entry = JournalEntry(
            time: self.clock.panelClock() + 0.1, method: "GET", target: "/feed", status: .answered(400),
            duration: .milliseconds(2), endpointID: "feed", mode: .error, latency: nil)
        entry.sequence = 1
        _ = Reducer.reduce(
            &self.state, .requests([entry], missed: 0, stats: JournalStats(total: 1, unmatched: 0, byEndpoint: [:])),
            width: 80, height: 24)
        self.clock.advance(by: 0.2)
        try self.panel.set(endpoint: "feed", SettingChange(mode: .serverError), origin: .key)
        self.step()
        #expect(self.markers == ["feed → error  (key)", "feed → server_error  (key)"])
        #expect(self.state.log.count == 3)
    }
}
