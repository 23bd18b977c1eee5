import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

@Suite struct ControlPanelTests {
    func panel() throws -> ControlPanel {
        let fixtures = MemoryFixtures(
            """
            endpoints:
              - { id: a, method: GET, path: /a, latency: slow }
              - { id: b, method: GET, path: /b, mode: server_error }
            latency_profiles:
              slow: 2s
              fast: 10ms
            scenarios:
              outage: { "*": { mode: server_error, latency: none } }
              b-only: { b: { mode: error } }
            """)
        return try fixtures.panel()
    }

    @Test func endpointsStartAsTheManifestSays() throws {
        let settings = try self.panel().snapshot().rows.map(\.setting)
        #expect(settings == [.init(mode: .success, latency: "slow"), .init(mode: .serverError, latency: nil)])
    }

    // The order the space bar walks is the screen's: ModeKeysTests.
    @Test func serverErrorIsAlsoSpelled500() {
        #expect(Mode(name: "server_error") == .serverError)
        #expect(Mode(name: "500") == .serverError)
        #expect(Mode(name: "boom") == nil)
    }

    @Test func aChangeMakesANewSnapshotAndLeavesTheOldOneAlone() throws {
        let panel = try self.panel()
        let before = panel.snapshot()
        try panel.setMode(.error, endpoint: "a")
        let after = panel.snapshot()
        #expect(before.rows[0].setting.mode == .success)
        #expect(after.rows[0].setting.mode == .error)
        #expect(after.version == before.version + 1)
        #expect(after.decide(endpoint: 0).response == .error)
    }

    @Test func latencyIsAppliedAsADelay() throws {
        let panel = try self.panel()
        #expect(panel.snapshot().decide(endpoint: 0).delay == .seconds(2))
        try panel.setLatency("fast", endpoint: "a")
        #expect(panel.snapshot().decide(endpoint: 0).delay == .milliseconds(10))
        try panel.setLatency(nil, endpoint: "a")
        #expect(panel.snapshot().decide(endpoint: 0).delay == .zero)
    }

    @Test func unknownNamesAreRefusedWithTheValidOnes() throws {
        let panel = try self.panel()
        #expect(throws: ControlError.unknownEndpoint("c", known: ["a", "b"])) {
            try panel.setMode(.error, endpoint: "c")
        }
        #expect(
            throws: ControlError.unknownProfile(
                "slwo",
                known: [
                    "none", "slow", "fast", "gprs", "edge", "3g", "3g+", "wifi", "offline", "lossy-3g", "satellite",
                    "very-bad-network",
                ])
        ) {
            try panel.setLatency("slwo", endpoint: "a")
        }
        #expect(
            ControlError.unknownProfile("slwo", known: ["none", "slow"]).description
                == "no latency profile 'slwo' — did you mean 'slow'?")
    }

    @Test func resetReturnsToTheManifestState() throws {
        let panel = try self.panel()
        try panel.setMode(.error, endpoint: "a")
        try panel.setMode(.success, endpoint: "b")
        try panel.reset(endpoint: "a")
        #expect(panel.snapshot().rows.map(\.setting.mode) == [.success, .success])
        try panel.reset()
        #expect(panel.snapshot().rows.map(\.setting.mode) == [.success, .serverError])
    }

    @Test func scenariosApplyToEveryEndpointOrOne() throws {
        let panel = try self.panel()
        try panel.applyScenario(named: "outage")
        #expect(
            panel.snapshot().rows.map(\.setting) == Array(repeating: .init(mode: .serverError, latency: nil), count: 2))
        #expect(panel.snapshot().activeScenario == "outage")
        try panel.applyScenario(named: "b-only")
        #expect(panel.snapshot().rows[1].setting.mode == .error)
        try panel.setMode(.success, endpoint: "a")
        // Still named, and said to be changed since (the header's words).
        #expect(panel.snapshot().activeScenario == "b-only")
        #expect(panel.snapshot().scenarioLabel?.description == "b-only (changed)")
        try panel.reset()
        #expect(panel.snapshot().activeScenario == nil)
    }

    @Test func applyToAllCopiesOneEndpointsSetting() throws {
        let panel = try self.panel()
        try panel.applyToAll(from: "b")
        #expect(
            panel.snapshot().rows.map(\.setting) == Array(repeating: .init(mode: .serverError, latency: nil), count: 2))
    }
}
