import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// A scenario (or a drill step) sets a rate limit as it sets latency: what
/// it names changes, the rest stays, scenarios stack, and a reset returns
/// to the manifest's limit.
@Suite struct ScenarioRateLimitTests {
    static let manifest = """
        endpoints:
          - { id: login, method: POST, path: /login, rate_limit: 10/s }
          - { id: feed, method: GET, path: /feed }
        scenarios:
          throttled: { login: { rate_limit: 2/s }, feed: { rate_limit: 60/min } }
          unlimited: { "*": { rate_limit: "off" } }
          outage: { "*": { mode: server_error } }
          squeeze:
            steps:
              - { at: 0s, feed: { rate_limit: 1/s } }
              - { at: 10s, reset: all }
        """

    func panel(_ clock: ManualClock = ManualClock()) throws -> ControlPanel {
        let fixtures = MemoryFixtures(Self.manifest)
        return try fixtures.panel(clock: clock)
    }

    @Test func aScenarioSetsLimitsAndOffRemovesThem() throws {
        let panel = try self.panel()
        try panel.applyScenario(named: "throttled")
        #expect(panel.snapshot().rows.map(\.setting.rateLimit) == [.perSecond(2), .perMinute(60)])
        #expect(panel.snapshot().limiter(endpoint: 0)?.limit == .perSecond(2))
        try panel.applyScenario(named: "unlimited")
        #expect(panel.snapshot().rows.map(\.setting.rateLimit) == [nil, nil])
        #expect(panel.snapshot().limiter(endpoint: 0) == nil)
        // The markers say what each scenario changed.
        #expect(
            panel.changes(after: 0).map(\.text) == [
                "scenario throttled: login → rate limit 2/s; feed → rate limit 60/min  (code)",
                "scenario unlimited: all → rate limit off  (code)",
            ])
    }

    /// Review item 4: a scenario keys a limit per client; the marker says
    /// so; a reset returns to the manifest's single bucket.
    @Test func aScenarioSetsAPerClientKey() throws {
        let fixtures = MemoryFixtures(
            """
            endpoints:
              - { id: feed, method: GET, path: /feed }
            scenarios:
              perclient: { feed: { rate_limit: 1/s, rate_limit_key: X-Client } }
            """)
        let panel = try fixtures.panel()
        try panel.applyScenario(named: "perclient")
        #expect(panel.snapshot().rows[0].setting.rateLimitKey == "X-Client")
        let limiter = try #require(panel.snapshot().limiter(endpoint: 0))
        #expect(limiter.keyHeader == "X-Client")
        #expect(limiter.take(key: "a", now: .zero).allowed)
        #expect(limiter.take(key: "b", now: .zero).allowed)
        #expect(panel.snapshot().manifest.scenarios[0].summary == "feed: rate limit 1/s per X-Client")
        try panel.reset()
        #expect(panel.snapshot().rows[0].setting.rateLimitKey == nil)
        #expect(panel.snapshot().limiter(endpoint: 0) == nil)
    }

    @Test func scenariosStackAndAResetReturnsToTheManifestsLimit() throws {
        let panel = try self.panel()
        try panel.applyScenario(named: "throttled")
        try panel.applyScenario(named: "outage")
        #expect(panel.snapshot().rows[0].setting == .init(mode: .serverError, latency: nil, rateLimit: .perSecond(2)))
        try panel.reset()
        #expect(panel.snapshot().rows.map(\.setting.rateLimit) == [.perSecond(10), nil])
    }

    @Test func aScenarioThatKeepsTheLimitKeepsTheBucket() throws {
        let panel = try self.panel()
        try panel.applyScenario(named: "throttled")
        let limiter = try #require(panel.snapshot().limiter(endpoint: 0))
        for _ in 0..<2 { _ = limiter.take(key: nil, now: .zero) }
        // The same limit again is no new limit: the spent bucket stays spent.
        try panel.applyScenario(named: "throttled")
        #expect(panel.snapshot().limiter(endpoint: 0) === limiter)
        #expect(!limiter.take(key: nil, now: .zero).allowed)
    }

    @Test func aDrillStepSetsALimitSaysSoAndItsResetRefillsTheBucket() throws {
        let clock = ManualClock()
        let panel = try self.panel(clock)
        try panel.applyScenario(named: "squeeze", origin: .key)
        let limiter = try #require(panel.snapshot().limiter(endpoint: 1))
        #expect(limiter.limit == .perSecond(1))
        let login = try #require(panel.snapshot().limiter(endpoint: 0))
        for _ in 0..<10 { _ = login.take(key: nil, now: .zero) }

        clock.advance(by: 10)
        panel.advanceDrill()
        #expect(panel.snapshot().rows.map(\.setting.rateLimit) == [.perSecond(10), nil])
        // `reset: all` in a drill starts buckets over, as a reset by hand does.
        let refilled = try #require(panel.snapshot().limiter(endpoint: 0))
        #expect(refilled !== login)
        #expect(refilled.take(key: nil, now: .zero).allowed)
        #expect(
            panel.changes(after: 0).map(\.text) == [
                "drill squeeze started  (key)",
                "feed → rate limit 1/s  (drill squeeze, step 1)",
                "all → back to the manifest  (drill squeeze, step 2)",
            ])
    }

    @Test func thePickerSaysWhatAScenarioLimits() throws {
        let scenarios = try self.panel().snapshot().manifest.scenarios
        #expect(scenarios[0].summary == "login: rate limit 2/s · feed: rate limit 60/min")
        #expect(scenarios[1].summary == "all: rate limit off")
    }

    @Test func aBadLimitInAScenarioIsReportedAsOnAnEndpoint() throws {
        let problems = try manifestProblems(
            """
            endpoints:
              - { id: login, method: POST, path: /login }
            scenarios:
              slow: { login: { rate_limit: 5/hour } }
            """)
        #expect(problems.contains { $0.contains("'5/hour' is not a rate limit") && $0.contains("5/s or 60/min") })
    }
}
