import Foundation
import SwitchboardCore
import SwitchboardModel
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// Screen states built the way the runtime builds them: from a real control
/// panel snapshot and real journal entries.
enum ScreenFixtures {
    static let width = 80
    static let height = 24

    static func demoPanel() throws -> ControlPanel {
        ControlPanel(manifest: try ManifestLoader.load(directory: RepositoryPaths.fixtures.path))
    }

    /// The demo API as the screen first shows it.
    static func freshState(panel: ControlPanel? = nil) throws -> AppState {
        let panel = try panel ?? self.demoPanel()
        var state = AppState(serverURL: "http://127.0.0.1:8080")
        _ = Reducer.reduce(
            &state, .panel(panel.snapshot(), JournalStats(total: 0, unmatched: 0, byEndpoint: [:])),
            width: self.width, height: self.height)
        return state
    }

    static func entry(
        _ seconds: Double, _ method: String, _ target: String, _ status: JournalEntry.Status, ms: Double,
        endpoint: String?,
        mode: Mode? = .success, latency: String? = nil, closest: String? = nil
    ) -> JournalEntry {
        // 12:01:00 UTC on some day, plus `seconds`.
        JournalEntry(
            time: 1_763_812_860 + seconds, method: method, target: target, status: status,
            duration: .microseconds(Int64(ms * 1000)), endpointID: endpoint, mode: endpoint == nil ? nil : mode,
            latency: latency, injectedDelay: latency == nil ? .zero : .seconds(2),
            unmatched: endpoint == nil ? Unmatched(closestID: nil, closest: closest, reason: "") : nil)
    }

    static let traffic: [JournalEntry] = [
        entry(2.123, "GET", "/data/all/coinlist?x=1", .answered(200), ms: 3.2, endpoint: "coinlist"),
        entry(2.456, "GET", "/nope", .answered(404), ms: 0.4, endpoint: nil, closest: "GET /weather"),
        entry(3.001, "GET", "/data/all/coinlist", .answered(429), ms: 0.6, endpoint: "coinlist", mode: .error),
        entry(
            4.789, "GET", "/weather?lat=35.9&lon=14.5", .answered(503), ms: 2004, endpoint: "weather",
            mode: .serverError,
            latency: "slow"),
        entry(5.5, "POST", "/login", .answered(200), ms: 1.1, endpoint: "login"),
    ]

    /// What the journal reports after recording `entries`.
    static func stats(for entries: [JournalEntry]) -> JournalStats {
        let journal = RequestJournal()
        for entry in entries { journal.record(entry) }
        return journal.stats()
    }

    /// A busy screen: modes flipped, a latency set, traffic in the log.
    static func busyState(width: Int = 80, height: Int = 24) throws -> AppState {
        let panel = try self.demoPanel()
        try panel.setMode(.error, endpoint: "coinlist")
        try panel.setMode(.serverError, endpoint: "weather")
        try panel.setLatency("slow", endpoint: "weather")
        var state = try self.freshState(panel: panel)
        let entries = self.traffic.enumerated().map { index, entry in
            var numbered = entry
            numbered.sequence = index + 1
            return numbered
        }
        _ = Reducer.reduce(
            &state, .requests(entries, missed: 0, stats: self.stats(for: entries)), width: width, height: height)
        _ = Reducer.reduce(&state, .key(.down), width: width, height: height)
        return state
    }
}

extension ScreenFixtures {
    /// The problems of a failed reload, as `check` would list them.
    static let reloadProblems = [
        Diagnostic(
            file: "myapi/switchboard.yml", line: 45, column: 17,
            message: "file 'episodes/{episode}.json' uses '{epsiode}', which is not a parameter of this endpoint",
            fix: "did you mean '{episode}'?"),
        Diagnostic(
            file: "myapi/switchboard.yml", line: 52, column: 11, message: "unknown mode 'eror'",
            fix: "did you mean 'error'?"),
        Diagnostic(file: "myapi/switchboard.yml", line: 60, column: 3, message: "unknown key 'stauts' in 'success'"),
    ]

    /// The demo after a good reload and then a broken edit.
    static func failedReloadState(width: Int = 80, height: Int = 24) throws -> AppState {
        let panel = try self.demoPanel()
        var state = try self.freshState(panel: panel)
        panel.replaceManifest(panel.snapshot().manifest)
        _ = Reducer.reduce(&state, .panel(panel.snapshot(), JournalStats()), width: width, height: height)
        panel.reportReloadProblems(self.reloadProblems)
        _ = Reducer.reduce(&state, .panel(panel.snapshot(), JournalStats()), width: width, height: height)
        return state
    }
}

/// Compares a rendered grid with `Golden/NAME.txt`. Run with
/// `UPDATE_GOLDEN=1` to write the files after a deliberate change.
func expectGolden(
    _ grid: Grid, _ name: String, styles: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    var actual = grid.text
    if styles { actual += "\n--- styles\n" + grid.styleText }
    actual += "\n"
    // Golden/ sits beside Support/, where this file is.
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/\(name).txt")
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
        try? actual.write(to: file, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record(
            "missing golden file Golden/\(name).txt — run with UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        try? actual.write(to: file.appendingPathExtension("actual"), atomically: true, encoding: .utf8)
        Issue.record(
            "screen differs from Golden/\(name).txt (see \(name).txt.actual):\n\(actual)",
            sourceLocation: sourceLocation)
    }
}
