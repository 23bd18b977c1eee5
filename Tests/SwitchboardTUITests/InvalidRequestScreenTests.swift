import SwitchboardCore
import SwitchboardModel
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// A request that breaks its operation's OpenAPI description, on the
/// screen: its log line reads `INVALID` with the first reason and how many
/// more, the details list every one, and `/invalid` finds such lines.
@Suite struct InvalidRequestScreenTests {
    static func entry() -> JournalEntry {
        var entry = ScreenFixtures.entry(1, "POST", "/pets", .answered(422), ms: 2, endpoint: "coinlist")
        entry.invalid = [
            ContractViolation(location: "body.price", message: "expected number"),
            ContractViolation(location: "body.name", message: "missing required property \u{1B}[31m"),
        ]
        return entry
    }

    @Test func theLogLineReadsInvalidWithTheFirstReason() throws {
        var state = try ScreenFixtures.freshState()
        let entries = [Self.entry(), ScreenFixtures.entry(2, "GET", "/pets", .answered(200), ms: 1, endpoint: nil)]
        _ = Reducer.reduce(
            &state, .requests(entries, missed: 0, stats: ScreenFixtures.stats(for: entries)), width: 120, height: 30)
        let grid = ScreenRenderer.render(state, width: 120, height: 30, options: RenderOptions(color: false))
        let rows = (0..<30).map(grid.row)
        let line = try #require(rows.first { $0.contains("/pets") && $0.contains("422") }, "\(grid.text)")
        #expect(line.contains("INVALID body.price: expected number (+1)"), "\(line)")

        guard case .success(let filter) = LogFilter.parse("invalid") else {
            Issue.record("invalid is not a filter")
            return
        }
        #expect(state.log.filter(filter.matches).map(\.target) == ["/pets"])
        #expect(state.log.filter(filter.matches).count == 1)
    }

    @Test func theDetailsListEveryReasonWithNetworkTextEscaped() {
        let lines = DetailsFormatter.view(Self.entry(), signature: nil).lines.map(\.text)
        #expect(lines.contains("invalid: breaks the OpenAPI description"))
        #expect(lines.contains("  body.price: expected number"))
        #expect(lines.contains(#"  body.name: missing required property \x1B[31m"#), "\(lines)")
    }
}
