import SwitchboardCore
import SwitchboardModel
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// A rate-limited endpoint on the screen: its limit on the row, and on the
/// log, whether a refused client honoured Retry-After.
@Suite struct RateLimitRenderTests {
    let colored = RenderOptions(color: true, unicode: true, utcOffset: 0)
    let ascii = RenderOptions(color: false, unicode: false, utcOffset: 0)

    func state() throws -> AppState {
        let panel = try ScreenFixtures.demoPanel()
        try panel.set(endpoint: "coinlist", SettingChange(rateLimit: .perSecond(5)))
        var state = try ScreenFixtures.freshState(panel: panel)
        var refused = ScreenFixtures.entry(
            1, "GET", "/data/all/coinlist", .answered(429), ms: 0.3, endpoint: "coinlist")
        refused.sequence = 1
        refused.mode = nil
        refused.rateLimited = RateLimited(limit: .perSecond(5))
        var early = refused
        early.sequence = 2
        early.time += 0.6
        early.rateLimited = RateLimited(limit: .perSecond(5), early: .milliseconds(400))
        let entries = [refused, early]
        _ = Reducer.reduce(
            &state, .requests(entries, missed: 0, stats: ScreenFixtures.stats(for: entries)), width: 100, height: 24)
        return state
    }

    @Test func theRowShowsTheLimitBesideTheLatency() throws {
        let state = try self.state()
        let grid = ScreenRenderer.render(state, width: 100, height: 24, options: self.colored)
        let row = try #require(grid.text.split(separator: "\n").first { $0.contains("/data/all/coinlist") })
        #expect(row.contains("≤5/s"))
        let plain = ScreenRenderer.render(state, width: 100, height: 24, options: self.ascii)
        #expect(plain.text.contains("<=5/s"))
        #expect(plain.text.unicodeScalars.allSatisfy { $0.isASCII })
    }

    /// Review item 4: a limit keyed per client says by what, in full where
    /// the column is wide enough and as `each` where it is not.
    @Test func aPerClientLimitNamesItsKeyOnTheRow() throws {
        let panel = try ScreenFixtures.demoPanel()
        try panel.set(endpoint: "coinlist", SettingChange(rateLimit: .perSecond(2), rateLimitKey: .header("X-Client")))
        try panel.set(
            endpoint: "weather",
            SettingChange(
                latency: LatencyChoice(name: "3g"), rateLimit: .perSecond(2),
                rateLimitKey: .header("X-Client")))
        let state = try ScreenFixtures.freshState(panel: panel)
        let text = ScreenRenderer.render(state, width: 200, height: 24, options: self.colored).text
        let rows = text.split(separator: "\n")
        let coinlist = try #require(rows.first { $0.contains("/data/all/coinlist") })
        #expect(coinlist.contains("≤2/s per X-Client"), "\(text)")
        let weather = try #require(rows.first { $0.contains("/weather") })
        #expect(weather.contains("≤2/s"), "\(text)")
        #expect(weather.contains("per X-Client") || weather.contains("≤2/s each"), "\(text)")
        let narrow = ScreenRenderer.render(state, width: 120, height: 24, options: self.colored).text
        #expect(
            narrow.split(separator: "\n").contains { $0.contains("/data/all/coinlist") && $0.contains("≤2/s each") })
    }

    @Test func theLogSaysRateLimitedAndFlagsAnEarlyRetryInRed() throws {
        let grid = ScreenRenderer.render(try self.state(), width: 100, height: 24, options: self.colored)
        let lines = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
        let refused = try #require(lines.firstIndex { $0.contains("rate limited 5/s") })
        let early = try #require(lines.firstIndex { $0.contains("retried 0.4 s early (5/s)") })
        let x = try #require(lines[early].range(of: "retried")).lowerBound
        #expect(grid[lines[early].distance(from: lines[early].startIndex, to: x), early].style.foreground == .red)
        #expect(refused < early)
    }
}
