import SwitchboardCore
import SwitchboardModel
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// A `live` answer from the real API that breaks the OpenAPI description,
/// on the screen: its log line reads `DRIFT` with the first way and how
/// many more, the details list every one, and `/drift` finds such lines.
@Suite struct DriftScreenTests {
    static func entry() -> JournalEntry {
        var entry = ScreenFixtures.entry(1, "GET", "/pets/1", .answered(200), ms: 40, endpoint: "coinlist")
        entry.upstream = UpstreamOutcome(
            time: .milliseconds(38),
            drift: [
                ContractViolation(location: "body.id", message: "expected integer"),
                ContractViolation(location: "header.X-Rate-Limit", message: "missing \u{1B}[31m"),
            ])
        return entry
    }

    @Test func theLogLineReadsDriftWithTheFirstWay() throws {
        var state = try ScreenFixtures.freshState()
        let entries = [Self.entry(), ScreenFixtures.entry(2, "GET", "/pets", .answered(200), ms: 1, endpoint: nil)]
        _ = Reducer.reduce(
            &state, .requests(entries, missed: 0, stats: ScreenFixtures.stats(for: entries)), width: 120, height: 30)
        let grid = ScreenRenderer.render(state, width: 120, height: 30, options: RenderOptions(color: false))
        let line = try #require((0..<30).map(grid.row).first { $0.contains("/pets/1") }, "\(grid.text)")
        #expect(line.contains("DRIFT body.id: expected integer (+1)"), "\(line)")

        guard case .success(let filter) = LogFilter.parse("drift") else {
            Issue.record("drift is not a filter")
            return
        }
        #expect(state.log.filter(filter.matches).map(\.target) == ["/pets/1"])
    }

    @Test func theDetailsListEveryWayWithNetworkTextEscaped() {
        let lines = DetailsFormatter.view(Self.entry(), signature: nil).lines.map(\.text)
        #expect(lines.contains("drift: the real API's answer breaks the OpenAPI description"))
        #expect(lines.contains("  body.id: expected integer"))
        #expect(lines.contains(#"  header.X-Rate-Limit: missing \x1B[31m"#), "\(lines)")
    }
}
