import SwitchboardModel
import SwitchboardTestSupport
import Testing

@testable import SwitchboardCore

/// A reload as a table: the manifest before, what was flipped since, the
/// manifest after; each endpoint's setting after and the marker line the
/// reload leaves. `ManifestReload` is a value, so no panel, folder or
/// watcher is needed to read it.
@Suite struct ManifestReloadTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let before: String
        /// `id mode` or `id @profile`, applied in turn before the reload.
        let flips: [String]
        let after: String
        /// `id mode latency` for every row after the reload.
        let settings: [String]
        let markers: [String]
        var testDescription: String { self.name }
    }

    static let base = """
        endpoints:
          - { id: a, method: GET, path: /a }
          - { id: b, method: GET, path: /b }
        latency_profiles:
          slow: { delay: 1s }
        """

    static let rows: [Row] = [
        Row(
            name: "a flipped endpoint keeps its setting; a new one starts as written",
            before: base, flips: ["a server_error"],
            after: base.replacingOccurrences(
                of: "path: /b }", with: "path: /b }\n  - { id: c, method: GET, path: /c, mode: error }"),
            settings: ["a server_error -", "b success -", "c error -"], markers: []),
        Row(
            name: "an untouched endpoint follows an edited start",
            before: base, flips: [],
            after: base.replacingOccurrences(of: "path: /a }", with: "path: /a, mode: error }"),
            settings: ["a error -", "b success -"], markers: ["a → error"]),
        Row(
            name: "a flipped endpoint ignores an edited start",
            before: base, flips: ["a server_error"],
            after: base.replacingOccurrences(of: "path: /a }", with: "path: /a, mode: error }"),
            settings: ["a server_error -", "b success -"], markers: []),
        Row(
            name: "a profile that is gone falls back to none",
            before: base, flips: ["b @slow"],
            after: base.replacingOccurrences(of: "slow: { delay: 1s }", with: "fast: { delay: 1ms }"),
            settings: ["a success -", "b success -"], markers: ["b → latency none"]),
        Row(
            name: "a sequence that is gone falls back to the start mode",
            before: base.replacingOccurrences(of: "path: /b }", with: "path: /b, sequence: [success, error] }"),
            flips: ["b sequence"],
            after: base.replacingOccurrences(of: "path: /b }", with: "path: /b, mode: server_error }"),
            settings: ["a success -", "b server_error -"], markers: ["b → server_error"]),
        Row(
            name: "an endpoint moved down by a new one keeps its setting",
            before: base, flips: ["b server_error"],
            after: base.replacingOccurrences(
                of: "endpoints:\n", with: "endpoints:\n  - { id: z, method: GET, path: /z, mode: hang }\n"),
            settings: ["z hang -", "a success -", "b server_error -"], markers: []),
    ]

    static func setting(_ snapshot: PanelSnapshot) -> [String] {
        snapshot.rows.map { row in
            "\(row.definition.id) \(row.setting.mode.name) \(row.setting.latency ?? "-")"
        }
    }

    static func flipped(_ row: Row) throws -> ControlPanel {
        let panel = try MemoryFixtures(row.before).panel()
        for flip in row.flips {
            let parts = flip.split(separator: " ").map(String.init)
            if parts[1].hasPrefix("@") {
                try panel.setLatency(String(parts[1].dropFirst()), endpoint: parts[0])
            } else {
                try panel.setMode(try #require(Mode(name: parts[1])), endpoint: parts[0])
            }
        }
        return panel
    }

    @Test(arguments: Self.rows) func aReloadCarriesSettingsAsTheTableSays(_ row: Row) throws {
        let panel = try Self.flipped(row)
        let reload = ManifestReload(try MemoryFixtures(row.after).load(), after: panel.snapshot(), dropped: [:])
        #expect(Self.setting(reload.snapshot) == row.settings)
        #expect(reload.markers.map(\.0) == row.markers)
        #expect(reload.markers.allSatisfy { $0.1 == .reload })
        #expect(reload.snapshot.generation == panel.snapshot().generation + 1)
        // Every row is one endpoint's: a kept endpoint brings its counters
        // wherever it now stands, a new one starts its own.
        let before = panel.snapshot().rows
        for row in reload.snapshot.rows {
            let earlier = before.first { $0.definition.id == row.definition.id }
            #expect((earlier?.counters === row.counters) == (earlier != nil), "\(row.definition.id)")
        }
        #expect(reload.snapshot.manifest.endpoints.map(\.id) == reload.snapshot.rows.map(\.definition.id))
    }

    /// A row carries its endpoint's buckets: a reload that moves a
    /// rate-limited endpoint (a new one above it) does not refill them,
    /// and one that changes its limit does.
    @Test func aMovedEndpointKeepsItsBucketsAndAChangedLimitStartsNewOnes() throws {
        let limited = Self.base.replacingOccurrences(of: "path: /b }", with: "path: /b, rate_limit: 5/s }")
        let panel = try MemoryFixtures(limited).panel()
        let buckets = try #require(panel.snapshot().rows[1].limiter)
        let moved = limited.replacingOccurrences(
            of: "endpoints:\n", with: "endpoints:\n  - { id: z, method: GET, path: /z }\n")
        let reload = ManifestReload(try MemoryFixtures(moved).load(), after: panel.snapshot(), dropped: [:])
        #expect(reload.snapshot.rows[2].definition.id == "b")
        #expect(reload.snapshot.rows[2].limiter === buckets)
        #expect(reload.snapshot.limiter(endpoint: 2) === buckets)
        let faster = moved.replacingOccurrences(of: "5/s", with: "10/s")
        let changed = ManifestReload(try MemoryFixtures(faster).load(), after: reload.snapshot, dropped: [:])
        let renewed = try #require(changed.snapshot.rows[2].limiter)
        #expect(renewed !== buckets)
        #expect(renewed.limit == .perSecond(10))
    }

    /// Commented out while the file was being edited, then back: the
    /// endpoint returns as it was flipped, through `dropped`.
    @Test func anEndpointDroppedAndBackGetsItsSettingBack() throws {
        let panel = try MemoryFixtures(Self.base).panel()
        try panel.setMode(.serverError, endpoint: "b")
        let without = Self.base.replacingOccurrences(of: "  - { id: b, method: GET, path: /b }\n", with: "")
        let first = ManifestReload(try MemoryFixtures(without).load(), after: panel.snapshot(), dropped: [:])
        #expect(Self.setting(first.snapshot) == ["a success -"])
        #expect(first.dropped["b"]?.setting.mode == .serverError)
        let back = ManifestReload(try MemoryFixtures(Self.base).load(), after: first.snapshot, dropped: first.dropped)
        #expect(Self.setting(back.snapshot) == ["a success -", "b server_error -"])
        #expect(back.dropped.isEmpty)
    }

    @Test func aRunningDrillTheManifestNoLongerHasStops() throws {
        let drill =
            Self.base + """

                scenarios:
                  storm: { steps: [{ at: 0s, a: { mode: error } }, { at: 10s, reset: all }] }
                """
        let panel = try MemoryFixtures(drill).panel(clock: ManualClock())
        try panel.applyScenario(named: "storm")
        #expect(panel.snapshot().drill != nil)
        let reload = ManifestReload(try MemoryFixtures(Self.base).load(), after: panel.snapshot(), dropped: [:])
        #expect(reload.snapshot.drill == nil)
        #expect(reload.markers.map(\.0).last == "drill storm stopped: no longer in the manifest")
    }
}
