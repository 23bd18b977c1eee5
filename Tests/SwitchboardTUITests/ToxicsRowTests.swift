import SwitchboardCore
import SwitchboardModel
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// Toxics on the screen: `t` cycles them on the selected endpoint, the row
/// shows them (a short form at 40 columns) and a reset takes them away.
@Suite struct ToxicsRowTests {
    let colored = RenderOptions(color: true, unicode: true, utcOffset: 0)

    static func panelWithToxics() throws -> ControlPanel {
        let panel = try ScreenFixtures.demoPanel()
        try panel.set(endpoint: "coinlist", SettingChange(toxics: .slicer))
        try panel.set(endpoint: "person", SettingChange(toxics: .limitData(1024)))
        return panel
    }

    @Test func tCyclesNoneSlicerSlowCloseLimitDataNone() throws {
        var state = try ScreenFixtures.freshState()
        var asked: [Toxics] = []
        for _ in 0..<4 {
            let effects = Reducer.reduce(&state, .key(.char("t")), width: 80, height: 24)
            guard case .set(let id, let change)? = effects.first, let toxics = change.toxics else {
                Issue.record("t asked for \(effects)")
                return
            }
            #expect(id == state.endpoints[state.selected].id)
            asked.append(toxics)
            state.endpoints[state.selected].toxics = toxics
        }
        #expect(asked == [.slicer, .slowClose(), .limitData(1024), .none])
    }

    @Test func theRowShowsTheToxicsAndResetClearsThem() throws {
        let panel = try Self.panelWithToxics()
        let state = try ScreenFixtures.freshState(panel: panel)
        #expect(state.endpoints[0].isChanged)
        expectGolden(
            ScreenRenderer.render(state, width: 80, height: 24, options: self.colored), "toxics-80x24", styles: true)
        expectGolden(
            ScreenRenderer.render(state, width: 40, height: 10, options: RenderOptions(color: false, unicode: true)),
            "toxics-40x10")
        try panel.reset(endpoint: "coinlist")
        let after = try ScreenFixtures.freshState(panel: panel)
        #expect(after.endpoints[0].toxics == .none)
        #expect(!after.endpoints[0].isChanged)
    }

    /// Issue 22 item 21: a toxic stays in sight behind the longest profile
    /// name on a wide screen, and follows the mode at 40 columns, where the
    /// latency column has room for the profile's name alone.
    @Test func aToxicIsSeenBesideALongProfileAndOnANarrowScreen() throws {
        let panel = try ScreenFixtures.demoPanel()
        try panel.set(endpoint: "coinlist", SettingChange(latency: .profile("very-bad-network"), toxics: .slicer))
        try panel.set(
            endpoint: "weather", SettingChange(mode: .serverError, latency: .profile("slow"), toxics: .limitData(1024)))
        let state = try ScreenFixtures.freshState(panel: panel)
        let plain = RenderOptions(color: false, unicode: true)
        let wide = ScreenRenderer.render(state, width: 120, height: 24, options: plain)
        #expect(wide.row(2).contains("very-bad-ne… slc"), "\(wide.row(2))")
        let narrow = ScreenRenderer.render(state, width: 40, height: 10, options: plain)
        #expect(narrow.row(2).contains("succ… slc ver…"), "\(narrow.row(2))")
        // No room for `server_error 503` beside it: the toxic, in its colour.
        #expect(narrow.row(3).contains(" cut1024   slow"), "\(narrow.row(3))")
    }

    @Test func theHelpScreenNamesTheKey() {
        #expect(Keymap.bindings.contains { $0.keys == [.char("t")] && $0.command == .nextToxic })
    }
}
