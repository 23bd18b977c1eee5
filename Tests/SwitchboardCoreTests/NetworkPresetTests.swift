import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// The network presets and profile faults: `offline`, `lossy-3g`,
/// `satellite`, `very-bad-network`, `faults:` and `jitter:` in a manifest.
@Suite struct NetworkPresetTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a }
        latency_profiles:
          flaky-wifi: { delay: 20ms, jitter: 15ms, faults: { reset: 10%, hang: 5% } }
        """

    func panel(seed: UInt64 = 1) throws -> ControlPanel {
        let fixtures = MemoryFixtures(Self.manifest)
        return try fixtures.panel(random: SeededRandom(seed: seed))
    }

    @Test func offlineResetsEveryRequestAtOnce() throws {
        let panel = try self.panel()
        try panel.set(endpoint: "a", SettingChange(latency: LatencyChoice(name: "offline")))
        let decisions = (0..<50).map { _ in panel.snapshot().decide(endpoint: 0) }
        #expect(decisions.allSatisfy { $0.mode == .reset && $0.delay == .zero })
        #expect(decisions.allSatisfy { $0.setting == .success && $0.latency == "offline" })
    }

    @Test func lossy3GLosesItsSharesAndIsOtherwise3G() throws {
        let panel = try self.panel()
        try panel.set(endpoint: "a", SettingChange(latency: LatencyChoice(name: "lossy-3g")))
        let snapshot = panel.snapshot()
        let decisions = (0..<10_000).map { _ in snapshot.decide(endpoint: 0) }
        let resets = decisions.filter { $0.mode == .reset }.count
        let hangs = decisions.filter { $0.mode == .hang }.count
        #expect((400...600).contains(resets))  // 5%
        #expect((120...280).contains(hangs))  // 2%
        #expect(decisions.allSatisfy { $0.delay == .milliseconds(150) && $0.bandwidth == 400 * 1024 })
    }

    @Test func theSameSeedLosesTheSameRequests() throws {
        func lost(seed: UInt64) throws -> [Int] {
            let panel = try self.panel(seed: seed)
            try panel.set(endpoint: "a", SettingChange(latency: LatencyChoice(name: "lossy-3g")))
            let snapshot = panel.snapshot()
            return (0..<1_000).filter { _ in snapshot.decide(endpoint: 0).mode != .success }
        }
        #expect(try lost(seed: 7) == lost(seed: 7))
        #expect(try lost(seed: 7) != lost(seed: 8))
    }

    @Test func aFaultTheEndpointIsSetToStaysThatFault() throws {
        let panel = try self.panel()
        try panel.set(endpoint: "a", SettingChange(mode: .empty, latency: LatencyChoice(name: "offline")))
        #expect(panel.snapshot().decide(endpoint: 0).mode == .empty)
        try panel.set(endpoint: "a", SettingChange(mode: .serverError))
        #expect(panel.snapshot().decide(endpoint: 0).mode == .reset)
    }

    /// Review item 1: a reset the profile drew is the network's doing, the
    /// rule's own failures are the setting's, and a rule that fails with
    /// `reset` is told apart from a network drop.
    @Test func theDecisionSaysWhetherTheSettingOrTheNetworkChoseTheAnswer() throws {
        let panel = try self.panel()
        guard let failFirst = Mode(name: "fail_first:5"), let failFirstReset = Mode(name: "fail_first:5:reset") else {
            Issue.record("count rules did not parse")
            return
        }
        try panel.set(endpoint: "a", SettingChange(mode: failFirst, latency: LatencyChoice(name: "lossy-3g")))
        let decisions = (0..<400).map { _ in panel.snapshot().decide(endpoint: 0) }
        #expect(decisions.prefix(5).filter { $0.mode == .serverError }.allSatisfy { $0.chosenBy == .setting })
        #expect(decisions.filter { $0.mode == .success }.allSatisfy { $0.chosenBy == .setting })
        let lost = decisions.filter { $0.mode == .reset || $0.mode == .hang }
        #expect(!lost.isEmpty && lost.allSatisfy { $0.chosenBy == .network && $0.setting == failFirst })

        try panel.set(endpoint: "a", SettingChange(mode: failFirstReset, latency: LatencyChoice(name: "3g")))
        let ruled = (0..<5).map { _ in panel.snapshot().decide(endpoint: 0) }
        #expect(ruled.allSatisfy { $0.mode == .reset && $0.chosenBy == .setting })

        try panel.set(endpoint: "a", SettingChange(mode: .success, latency: LatencyChoice(name: "offline")))
        let offline = panel.snapshot().decide(endpoint: 0)
        #expect(offline.mode == .reset && offline.chosenBy == .network)
    }

    /// The journal line keeps the setting the network overruled and says
    /// the network chose: `fail_first:5:reset`'s reset has no such flag.
    @Test func theJournalLineMarksANetworkFault() {
        var dropped = JournalEntry(
            time: 0, method: "GET", target: "/a", status: .noStatusLine, duration: .zero, endpointID: "a",
            mode: .reset, setting: Mode(name: "fail_first:5"), latency: "lossy-3g")
        dropped.networkFault = true
        #expect(dropped.jsonLine.contains(#""mode":"reset","setting":"fail_first:5","latency":"lossy-3g""#))
        #expect(dropped.jsonLine.contains(#""network_fault":true"#))
        let ruled = JournalEntry(
            time: 0, method: "GET", target: "/a", status: .noStatusLine, duration: .zero, endpointID: "a",
            mode: .reset, setting: Mode(name: "fail_first:5:reset"), latency: "3g")
        #expect(!ruled.jsonLine.contains("network_fault"))
    }

    @Test func aManifestProfileTakesJitterAndFaults() throws {
        let panel = try self.panel()
        let profile = try #require(panel.snapshot().manifest.profile(named: "flaky-wifi"))
        #expect(profile.delay == .uniform(.milliseconds(5), .milliseconds(35)))
        #expect(profile.faults == NetworkFaults(reset: 10, hang: 5))
        #expect(profile.summary == "5ms–35ms reset 10% hang 5%")
        try panel.set(endpoint: "a", SettingChange(latency: LatencyChoice(name: "flaky-wifi")))
        let snapshot = panel.snapshot()
        let decisions = (0..<2_000).map { _ in snapshot.decide(endpoint: 0) }
        #expect(decisions.allSatisfy { (.milliseconds(5)...(.milliseconds(35))).contains($0.delay) })
        #expect((120...280).contains(decisions.filter { $0.mode == .reset }.count))
    }

    @Test func thePresetsAreBuiltIn() {
        let names = LatencyProfile.builtIns.map(\.name)
        #expect(names == ["gprs", "edge", "3g", "3g+", "wifi", "offline", "lossy-3g", "satellite", "very-bad-network"])
    }

    @Test func badJitterAndFaultsSayWhatIsWrong() throws {
        let found = try manifestProblems(
            """
            endpoints:
              - { method: GET, path: /a }
            latency_profiles:
              curved: { median: 100ms, jitter: 10ms }
              toomuch: { faults: { reset: 80%, hang: 30% } }
              notanumber: { faults: { reset: lots } }
              unknown: { faults: { drop: 5% } }
              wide: { delay: 100ms, jitter: 300ms }
            """)
        #expect(
            found == [
                "4:36: latency profile 'curved': 'jitter' needs a fixed 'delay' to vary around — write e.g. 'delay: 200ms' and 'jitter: 50ms', or a range 'delay: 150ms..250ms'",
                "5:22: 'faults' of latency profile 'toomuch' add up to more than 100% — lower 'reset' or 'hang' so together they are 100% at most",
                "6:34: reset share 'lots' is not a percentage — write a share from 0% to 100%, e.g. '5%'",
                "7:3: latency profile 'unknown' adds no latency — give it 'delay', 'median', 'bandwidth' or 'faults'",
                "7:24: unknown key 'drop' in 'faults' of latency profile 'unknown' — allowed here: reset, hang",
                "8:33: latency profile 'wide': 'jitter' 300ms is more than its 'delay' 100ms, and a delay cannot be negative — use a jitter of at most 100ms, or a range 'delay: 0ms..400ms'",
            ])
    }
}
