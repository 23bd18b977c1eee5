import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// Which answers may be kept by a cache: only the success of an endpoint
/// set to `success`, so a cached answer never outlives a flip away from it.
@Suite struct CachePolicyTests {
    static let manifest = """
        endpoints:
          - { id: a, method: GET, path: /a, sequence: [success, server_error] }
        """

    func panel(_ manifest: String = Self.manifest) throws -> ControlPanel {
        let fixtures = MemoryFixtures(manifest)
        return try fixtures.panel(random: SeededRandom(seed: 1))
    }

    @Test func onlyAnEndpointSetToSuccessGivesAnswersACacheMayKeep() throws {
        let panel = try self.panel()
        #expect(panel.snapshot().decide(endpoint: 0).mayBeCached)
        let modes = Mode.names.compactMap { Mode(name: $0 == "flaky:N" ? "flaky" : $0) }
        for mode in modes where mode != .success {
            try panel.setMode(mode, endpoint: "a")
            let decision = panel.snapshot().decide(endpoint: 0)
            #expect(!decision.mayBeCached, "\(mode.name) answered \(decision.mode.name)")
        }
    }

    @Test func theSuccessesOfFlakyAndSequenceEndpointsAreNotKeptEither() throws {
        let panel = try self.panel()
        try panel.setMode(.flaky(percent: 0), endpoint: "a")
        let flaky = panel.snapshot().decide(endpoint: 0)
        #expect(flaky.mode == .success && !flaky.mayBeCached)
        try panel.setMode(.sequence, endpoint: "a")
        let step = panel.snapshot().decide(endpoint: 0)
        #expect(step.mode == .success && !step.mayBeCached)
    }

    @Test func aRequestThatAsksForAModeIsNeverKept() throws {
        let panel = try self.panel()
        let snapshot = panel.snapshot()
        // Even `success`: a cache would go on serving it to requests that
        // did not ask, whatever the endpoint is flipped to.
        #expect(!snapshot.decide(endpoint: 0, override: .init(mode: .success)).mayBeCached)
        #expect(snapshot.decide(endpoint: 0, override: .init(latency: LatencyChoice(name: "3g"))).mayBeCached)
    }

    @Test func latencyDoesNotMatter() throws {
        let panel = try self.panel()
        try panel.setLatency("gprs", endpoint: "a")
        #expect(panel.snapshot().decide(endpoint: 0).mayBeCached)
    }

    @Test func uncacheableHeadersReplaceFreshnessAndValidators() {
        let fields = [
            HeaderField(name: "cache-control", value: "public, max-age=86400"),
            HeaderField(name: "ETag", value: #""v1""#),
            HeaderField(name: "Expires", value: "Thu, 01 Jan 2099 00:00:00 GMT"),
            HeaderField(name: "Last-Modified", value: "Mon, 01 Jan 2024 00:00:00 GMT"),
            HeaderField(name: "Retry-After", value: "30"),
        ]
        #expect(
            CacheHeaders.uncacheable(fields) == [
                HeaderField(name: "Retry-After", value: "30"), HeaderField(name: "Cache-Control", value: "no-store"),
            ])
    }

    @Test func theManifestCanMakeEveryAnswerUncacheable() throws {
        let fixtures = MemoryFixtures("server: { cache: no-store }\n" + Self.manifest)
        #expect(try fixtures.load().cache == .noStore)
        let plain = try TemporaryFixtures(manifest: Self.manifest)
        #expect(try ManifestLoader.load(directory: plain.path).cache == .success)
    }

    @Test func aMisspelledCacheSettingIsNamedWithTheFix() throws {
        #expect(
            try manifestProblems("server: { cache: nostore }\n" + Self.manifest) == [
                "1:18: unknown cache setting 'nostore' — did you mean 'no-store'?"
            ])
        #expect(
            try manifestProblems("server:\n  cache: off\n" + Self.manifest) == [
                "2:10: unknown cache setting 'off' — use 'no-store' (no answer may be cached) or 'success' (the default: only success answers keep their caching headers)"
            ])
    }
}
