import SwitchboardCore
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// Issue 13, part 11: the endpoint rows on narrow and very wide screens.
@Suite struct EndpointColumnsTests {
    let plain = RenderOptions(color: false, unicode: true, utcOffset: 0)

    /// At 40x10 the latency column gives way, but a row with a latency
    /// still says so, in short.
    @Test func aNarrowScreenStillShowsTheLatency() throws {
        let state = try ScreenFixtures.busyState(width: 40, height: 10)
        let grid = ScreenRenderer.render(state, width: 40, height: 10, options: self.plain)
        expectGolden(grid, "busy-40x10")
        let weather = try #require((0..<grid.height).map(grid.row).first { $0.contains("/weather ") })
        #expect(weather.contains("slow"))
    }

    /// At 200 columns the mode, latency and hits columns and the sparkline
    /// grow; the path does not take everything.
    @Test func aVeryWideScreenSpendsItsWidthOnColumnsAndTheSparkline() throws {
        var state = try ScreenFixtures.busyState(width: 200, height: 40)
        // A minute of traffic, so the sparklines have something to draw.
        for second in 0..<60 {
            state.endpoints[0].hits += second % 7
            state.endpoints[1].hits += second / 10
            _ = Reducer.reduce(&state, .tick(now: 1000 + Double(second)), width: 200, height: 40)
        }
        let grid = ScreenRenderer.render(state, width: 200, height: 40, options: self.plain)
        expectGolden(grid, "busy-200x40")
        let row = try #require((0..<grid.height).map(grid.row).first { $0.contains("/weather ") })
        let path = try #require(row.firstRange(of: "/weather"))
        let mode = try #require(row.firstRange(of: "server_error"))
        #expect(row.distance(from: path.lowerBound, to: mode.lowerBound) <= 70)
        // A bar a second: the whole minute, not squeezed into twenty columns.
        let bars = row.reversed().drop { $0 == " " }.prefix { $0 != " " }
        #expect(bars.count >= 45)
    }

    /// At 250 columns an 18-column path keeps what it needs: the mode
    /// follows it closely, and in the log the status follows the target.
    @Test func aVeryWideScreenKeepsTheModeAndStatusNextToThePath() throws {
        let state = try ScreenFixtures.busyState(width: 250, height: 30)
        let grid = ScreenRenderer.render(state, width: 250, height: 30, options: self.plain)
        expectGolden(grid, "busy-250x30")
        let rows = (0..<grid.height).map(grid.row)
        let row = try #require(rows.first { $0.contains("/weather ") && $0.contains("server_error") })
        let path = try #require(row.firstRange(of: "/weather"))
        let mode = try #require(row.firstRange(of: "server_error"))
        // The path column keeps 22 columns (the longest path is 18), the
        // id after it the longest id and 2 (`login-refused`, 13).
        #expect(row.distance(from: path.lowerBound, to: mode.lowerBound) == 23 + 15)
        let line = try #require(rows.first { $0.contains("/weather?lat=35.9&lon=14.5") })
        let target = try #require(line.firstRange(of: "/weather?lat"))
        let status = try #require(line.firstRange(of: " 503 "))
        #expect(line.distance(from: target.lowerBound, to: status.lowerBound) <= 32)
    }
}
