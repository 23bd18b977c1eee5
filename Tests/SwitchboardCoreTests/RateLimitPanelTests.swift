import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// Rate limits as a setting: from the manifest, changed at runtime, and
/// their buckets' lifetime across changes.
@Suite struct RateLimitPanelTests {
    func panel() throws -> ControlPanel {
        let fixtures = MemoryFixtures(
            """
            endpoints:
              - { id: a, method: GET, path: /a, rate_limit: 5/s }
              - { id: b, method: GET, path: /b, rate_limit: 60/min, rate_limit_key: Authorization }
              - { id: c, method: GET, path: /c }
            """)
        return try fixtures.panel()
    }

    @Test func theManifestSetsTheStartingLimitAndKey() throws {
        let snapshot = try self.panel().snapshot()
        #expect(snapshot.rows.map(\.setting.rateLimit) == [.perSecond(5), .perMinute(60), nil])
        #expect(snapshot.limiter(endpoint: 1)?.keyHeader == "Authorization")
        #expect(snapshot.limiter(endpoint: 2) == nil, "no limit, no limiter")
    }

    @Test func aBadLimitIsReportedWithTheSpelling() throws {
        let problems = try manifestProblems(
            """
            endpoints:
              - { id: a, method: GET, path: /a, rate_limit: 5/hour }
              - { id: b, method: GET, path: /b, rate_limit_key: Authorization }
            """)
        #expect(problems.contains { $0.contains("'5/hour' is not a rate limit") && $0.contains("5/s or 60/min") })
        #expect(problems.contains { $0.contains("'rate_limit_key' needs a 'rate_limit'") })
    }

    @Test func otherChangesKeepTheBucketAndAChangedLimitStartsAFullOne() throws {
        let panel = try self.panel()
        let limiter = try #require(panel.snapshot().limiter(endpoint: 0))
        for _ in 0..<5 { _ = limiter.take(key: nil, now: .zero) }
        try panel.setMode(.error, endpoint: "a")
        try panel.setMode(.error, endpoint: "c")
        #expect(panel.snapshot().limiter(endpoint: 0) === limiter)
        #expect(!limiter.take(key: nil, now: .zero).allowed)

        try panel.set(endpoint: "a", SettingChange(rateLimit: .perSecond(2)))
        let changed = try #require(panel.snapshot().limiter(endpoint: 0))
        #expect(changed !== limiter)
        #expect(changed.take(key: nil, now: .zero).remaining == 1)

        try panel.set(endpoint: "a", SettingChange(rateLimit: .noLimit))
        #expect(panel.snapshot().limiter(endpoint: 0) == nil)
        #expect(panel.snapshot().rows[0].setting.rateLimit == nil)
    }

    @Test func resetReturnsToTheManifestsLimitWithAFullBucket() throws {
        let panel = try self.panel()
        let limiter = try #require(panel.snapshot().limiter(endpoint: 0))
        for _ in 0..<5 { _ = limiter.take(key: nil, now: .zero) }
        try panel.reset(endpoint: "a")
        let fresh = try #require(panel.snapshot().limiter(endpoint: 0))
        #expect(fresh !== limiter)
        #expect(fresh.take(key: nil, now: .zero).allowed)

        try panel.set(endpoint: "c", SettingChange(rateLimit: .perSecond(1)))
        try panel.reset()
        #expect(panel.snapshot().rows[2].setting.rateLimit == nil)
    }
}
