import Foundation
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// The count rules decided as values: which request fails, when the count
/// starts again, and that concurrent deciders share one count.
@Suite struct CountRuleTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a }
          - { id: b, method: GET, path: /b }
        scenarios:
          retry: { a: { mode: "fail_first:1" } }
        """

    func panel(manifest: String = Self.manifest) throws -> ControlPanel {
        let fixtures = MemoryFixtures(manifest)
        return try fixtures.panel()
    }

    func modes(_ panel: ControlPanel, _ count: Int, endpoint: Int = 0) -> [Mode] {
        (0..<count).map { _ in panel.snapshot().decide(endpoint: endpoint).mode }
    }

    @Test func failFirstFailsTheFirstRequestsThenSucceeds() throws {
        let panel = try self.panel()
        try panel.setMode(Mode(name: "fail_first:2")!, endpoint: "a")
        #expect(self.modes(panel, 5) == [.serverError, .serverError, .success, .success, .success])
        let decision = panel.snapshot().decide(endpoint: 0)
        #expect(decision.setting == .rule(.failFirst(2)))
        #expect(!decision.mayBeCached)
    }

    @Test func everyFailsEachNthRequest() throws {
        let panel = try self.panel()
        try panel.setMode(.rule(.every(3)), endpoint: "a")
        #expect(self.modes(panel, 7) == [.success, .success, .serverError, .success, .success, .serverError, .success])
    }

    @Test func afterSucceedsNTimesThenFailsFromThenOn() throws {
        let panel = try self.panel()
        try panel.setMode(.rule(.after(2)), endpoint: "a")
        #expect(self.modes(panel, 5) == [.success, .success, .serverError, .serverError, .serverError])
    }

    @Test func theRuleMayNameItsFailure() throws {
        let panel = try self.panel()
        try panel.setMode(Mode(name: "fail_first:2:reset")!, endpoint: "a")
        #expect(self.modes(panel, 3) == [.reset, .reset, .success])
        try panel.setMode(Mode(name: "every:2:error")!, endpoint: "a")
        #expect(self.modes(panel, 2) == [.success, .error])
        try panel.setMode(Mode(name: "after:1:hang")!, endpoint: "a")
        #expect(self.modes(panel, 2) == [.success, .hang])
    }

    @Test func settingTheRuleAgainResetOrAScenarioStartsTheCountAgain() throws {
        let panel = try self.panel()
        let rule = Mode.rule(.failFirst(1))
        try panel.setMode(rule, endpoint: "a")
        #expect(self.modes(panel, 2) == [.serverError, .success])
        try panel.setMode(rule, endpoint: "a")
        #expect(self.modes(panel, 2) == [.serverError, .success])
        // A flip away and back counts from zero as well.
        try panel.setMode(.success, endpoint: "a")
        try panel.setMode(rule, endpoint: "a")
        #expect(self.modes(panel, 1) == [.serverError])
        try panel.applyScenario(named: "retry")
        #expect(self.modes(panel, 2) == [.serverError, .success])
        try panel.reset(endpoint: "a")
        try panel.setMode(rule, endpoint: "a")
        #expect(panel.snapshot().rows[0].counters.ruleRequestsSoFar == 0)
    }

    @Test func aRuleStartedFromTheManifestCountsFromTheResetToo() throws {
        let panel = try self.panel(
            manifest: """
                endpoints:
                  - { id: a, method: GET, path: /a, mode: "after:1" }
                """)
        #expect(self.modes(panel, 2) == [.success, .serverError])
        try panel.reset()
        #expect(self.modes(panel, 2) == [.success, .serverError])
    }

    @Test func aHotReloadThatKeepsTheRuleKeepsItsCount() throws {
        let panel = try self.panel()
        try panel.setMode(.rule(.failFirst(2)), endpoint: "a")
        #expect(self.modes(panel, 1) == [.serverError])
        let edited = MemoryFixtures(
            Self.manifest.replacingOccurrences(
                of: "scenarios:", with: "  - { id: c, method: GET, path: /c }\nscenarios:"))
        panel.replaceManifest(try edited.load())
        #expect(panel.snapshot().manifest.endpoints.count == 3)
        #expect(panel.snapshot().rows[0].setting.mode == .rule(.failFirst(2)))
        #expect(self.modes(panel, 2) == [.serverError, .success])
    }

    @Test func aReloadThatChangesTheManifestsRuleStartsItsCount() throws {
        let panel = try self.panel(
            manifest: "endpoints:\n  - { id: a, method: GET, path: /a, mode: \"fail_first:1\" }\n")
        #expect(self.modes(panel, 1) == [.serverError])
        let edited = MemoryFixtures("endpoints:\n  - { id: a, method: GET, path: /a, mode: \"fail_first:2\" }\n")
        panel.replaceManifest(try edited.load())
        #expect(self.modes(panel, 3) == [.serverError, .serverError, .success])
    }

    @Test func aPreferredRuleCountsOnTheEndpointsRuleCounter() throws {
        let panel = try self.panel()
        let manifest = panel.snapshot().manifest
        guard case .success(let override) = PreferHeader.parse("mode=fail_first:1", endpoint: 0, manifest: manifest)
        else {
            Issue.record("Prefer: mode=fail_first:1 refused")
            return
        }
        let modes = (0..<2).map { _ in panel.snapshot().decide(endpoint: 0, override: override).mode }
        #expect(modes == [.serverError, .success])
        #expect(panel.snapshot().decide(endpoint: 0).mode == .success)
    }

    /// Many threads deciding at once never lose a count: exactly N of the
    /// requests fail, as one event loop would see.
    @Test func concurrentDecisionsShareOneCount() async throws {
        let panel = try self.panel()
        try panel.setMode(.rule(.failFirst(500)), endpoint: "a")
        try panel.setMode(.rule(.every(4)), endpoint: "b")
        let snapshot = panel.snapshot()
        let (first, every) = await withTaskGroup(of: (Int, Int).self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var failures = (0, 0)
                    for _ in 0..<1_000 {
                        if snapshot.decide(endpoint: 0).mode == .serverError { failures.0 += 1 }
                        if snapshot.decide(endpoint: 1).mode == .serverError { failures.1 += 1 }
                    }
                    return failures
                }
            }
            return await group.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        }
        #expect(first == 500)
        #expect(every == 2_000)
        #expect(snapshot.rows[0].counters.ruleRequestsSoFar == 8_000)
    }

    @Test func theJournalLineNamesTheAnswerAsModeAndTheRuleAsSetting() throws {
        let panel = try self.panel()
        try panel.setMode(.rule(.failFirst(1, failure: .reset)), endpoint: "a")
        let decision = panel.snapshot().decide(endpoint: 0)
        let entry = JournalEntry(
            time: 0, method: "GET", target: "/a", status: .noStatusLine, duration: .zero, endpointID: "a",
            mode: decision.mode, setting: decision.setting, latency: nil)
        var bytes: [UInt8] = []
        entry.appendJSON(to: &bytes)
        let line = String(decoding: bytes, as: UTF8.self)
        #expect(line.contains(#""mode":"reset","setting":"fail_first:1:reset""#), "\(line)")
    }

    @Test func anEndpointWithoutARuleNeverTouchesTheRuleCounter() throws {
        let panel = try self.panel()
        for mode in [Mode.success, .serverError, .flaky(percent: 50), .garbage] {
            try panel.setMode(mode, endpoint: "a")
            _ = self.modes(panel, 3)
        }
        #expect(panel.snapshot().rows[0].counters.ruleRequestsSoFar == 0)
    }
}
