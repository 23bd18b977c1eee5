import Foundation
import SwitchboardCore
import SwitchboardModel
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// A count rule's progress on its endpoint row: the words, the short forms
/// for narrow columns, the `n` key, and the count following the requests.
@Suite struct CountRuleRowTests {
    let colored = RenderOptions(color: true, unicode: true)

    /// The demo panel with a rule on five endpoints, each decided `times`.
    static func panelWithRules() throws -> ControlPanel {
        let panel = try ScreenFixtures.demoPanel()
        let rules: [(String, CountRule, Int)] = [
            ("coinlist", .failFirst(3), 2),
            ("weather", .every(3, failure: .reset), 4),
            ("episode", .after(2), 1),
            ("person", .after(1, failure: .hang), 3),
            ("login", .failFirst(2), 5),
        ]
        for (id, rule, times) in rules {
            try panel.setMode(.rule(rule), endpoint: id)
            let index = try #require(panel.snapshot().manifest.endpointIndex(id: id))
            for _ in 0..<times { _ = panel.snapshot().decide(endpoint: index) }
        }
        return panel
    }

    func row(_ rule: CountRule, counted: Int) -> EndpointRow {
        var row = EndpointRow(id: "a", method: "GET", path: "/a", mode: .rule(rule))
        row.counted = counted
        return row
    }

    @Test func eachRuleSaysHowFarItHasGot() {
        #expect(self.row(.failFirst(3), counted: 0).modeLabel == "0 of 3 failed")
        #expect(self.row(.failFirst(3), counted: 2).modeLabel == "2 of 3 failed")
        #expect(self.row(.failFirst(3), counted: 9).modeLabel == "3 of 3 failed")
        #expect(self.row(.failFirst(2, failure: .reset), counted: 1).modeLabel == "1 of 2 reset")
        #expect(self.row(.every(3), counted: 7).modeLabel == "every 3: 2 failed")
        #expect(self.row(.every(3, failure: .error), counted: 3).modeLabel == "every 3: 1 error")
        // Issue 22 item 21: the rule is named, not only what is left of it.
        #expect(self.row(.after(5), counted: 4).modeLabel == "after 5: 1 left")
        #expect(self.row(.after(5), counted: 5).modeLabel == "expired")
        #expect(self.row(.after(5, failure: .hang), counted: 6).modeLabel == "expired: hang")
        // What the key's flash names is the setting, not the progress.
        #expect(self.row(.failFirst(2), counted: 1).label(of: .rule(.failFirst(2))) == "fail_first:2")
    }

    @Test func narrowColumnsGetTheShortForms() {
        #expect(self.row(.failFirst(3), counted: 2).modeLabel(fitting: 12) == "2/3 failed")
        #expect(self.row(.failFirst(100), counted: 12).modeLabel(fitting: 16) == "12 of 100 failed")
        #expect(self.row(.every(3), counted: 7).modeLabel(fitting: 16) == "every 3: 2")
        #expect(self.row(.after(5, failure: .truncated), counted: 6).modeLabel(fitting: 12) == "expired")
        #expect(self.row(.after(5), counted: 2).modeLabel(fitting: 11) == "3 left")
    }

    @Test func theRowIsColouredByWhatTheNextRequestGets() {
        #expect(self.row(.failFirst(2), counted: 1).nextOfRule == .serverError)
        #expect(self.row(.failFirst(2), counted: 2).nextOfRule == .success)
        #expect(self.row(.after(1, failure: .reset), counted: 1).nextOfRule == .reset)
        #expect(EndpointRow(id: "a", method: "GET", path: "/a").nextOfRule == nil)
    }

    @Test func rowsShowTheRulesProgress() throws {
        let state = try ScreenFixtures.freshState(panel: Self.panelWithRules())
        expectGolden(
            ScreenRenderer.render(state, width: 80, height: 24, options: self.colored), "count-rules-80x24",
            styles: true)
        expectGolden(
            ScreenRenderer.render(state, width: 40, height: 10, options: RenderOptions(color: false, unicode: true)),
            "count-rules-40x10")
    }

    @Test func countsUpdateTheRowsOnlyWhileTheyHoldARule() throws {
        var state = try ScreenFixtures.freshState(panel: Self.panelWithRules())
        #expect(state.endpoints[0].counted == 2)
        _ = Reducer.reduce(&state, .counted(["coinlist": 3, "person": 9, "nope": 1]), width: 80, height: 24)
        #expect(state.endpoints[0].modeLabel == "3 of 3 failed")
        #expect(state.endpoints[3].modeLabel == "expired: hang")
        let image = try #require(state.endpoints.firstIndex { $0.id == "kitten" })
        _ = Reducer.reduce(&state, .counted(["kitten": 4]), width: 80, height: 24)
        #expect(state.endpoints[image].counted == 0)
    }

    @Test func nStepsThroughTheRules() throws {
        var state = try ScreenFixtures.freshState()
        var modes: [Mode] = []
        for _ in 0..<4 {
            let effects = Reducer.reduce(&state, .key(.char("n")), width: 80, height: 24)
            guard case .set(_, let change)? = effects.first, let mode = change.mode else {
                Issue.record("n asked for \(effects)")
                return
            }
            modes.append(mode)
            state.endpoints[0].mode = mode
        }
        #expect(modes == [.rule(.failFirst(2)), .rule(.every(3)), .rule(.after(3)), .rule(.failFirst(2))])
        #expect(state.flash == "coinlist → fail_first:2")
    }

    @Test func requestsMoveTheRowOnTheScreen() throws {
        let harness = try ScreenHarness.demo()
        harness.press(.char("n"))
        #expect(harness.state.endpoints[0].modeLabel == "0 of 2 failed")
        // What the server does per request: decide, then journal.
        for second in 0..<3 {
            let decision = harness.panel.snapshot().decide(endpoint: 0)
            harness.journal.record(
                ScreenFixtures.entry(
                    10 + Double(second), "GET", "/data/all/coinlist", .answered(decision.mode == .success ? 200 : 500),
                    ms: 1, endpoint: "coinlist", mode: decision.mode))
            harness.frame()
        }
        #expect(harness.state.endpoints[0].modeLabel == "2 of 2 failed")
        #expect(harness.terminal.screen.contains("2 of 2 failed"))
        harness.press(.char("r"))
        #expect(harness.state.endpoints[0].modeLabel == "success")
        harness.press(.char("n"))
        #expect(harness.state.endpoints[0].modeLabel == "0 of 2 failed")
    }
}
