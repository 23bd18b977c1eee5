import SwitchboardCore
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// A key in the query is a credential as a key in a header is: masked in
/// the log line, the details title, the request line and QUERY until `v`.
@Suite struct QueryCredentialsScreenTests {
    let plain = RenderOptions(color: false, unicode: true, utcOffset: 0)
    static let target = "/api/getPerson?id=1&api_key=sk_live_SECRET123456&access_token=tok_SECRET9876"

    static func entry() -> JournalEntry {
        var entry = ScreenFixtures.entry(1, "GET", Self.target, .answered(200), ms: 0.5, endpoint: "coinlist")
        entry.sequence = 1
        entry.details = FakeExchange(
            requestHeaders: [("X-Session-Token", "sess-SECRET-value")], responseHeaders: [], responseBody: [])
        return entry
    }

    static func state() throws -> AppState {
        var state = try ScreenFixtures.freshState()
        let entries = [Self.entry()]
        _ = Reducer.reduce(
            &state, .requests(entries, missed: 0, stats: ScreenFixtures.stats(for: entries)), width: 160, height: 24)
        return state
    }

    @Test func theLogLineMasksQueryCredentialsUntilV() throws {
        var state = try Self.state()
        let masked = ScreenRenderer.render(state, width: 160, height: 24, options: self.plain).text
        #expect(masked.contains("/api/getPerson?id=1&api_key=••••3456&access_token=••••9876"))
        #expect(!masked.contains("SECRET"))
        _ = Reducer.reduce(&state, .key(.char("v")), width: 160, height: 24)
        #expect(state.revealsSecrets)
        let shown = ScreenRenderer.render(state, width: 160, height: 24, options: self.plain).text
        #expect(shown.contains("api_key=sk_live_SECRET123456&access_token=tok_SECRET9876"))
        _ = Reducer.reduce(&state, .key(.char("v")), width: 160, height: 24)
        #expect(!ScreenRenderer.render(state, width: 160, height: 24, options: self.plain).text.contains("SECRET"))
    }

    @Test func theDetailsTitleRequestLineAndQueryAreMaskedUntilV() throws {
        var state = try Self.state()
        _ = Reducer.reduce(
            &state, .details(DetailsFormatter.view(Self.entry(), signature: nil)), width: 160, height: 24)
        let masked = ScreenRenderer.render(state, width: 160, height: 24, options: self.plain).text
        #expect(masked.contains("REQUEST #1  GET /api/getPerson?id=1&api_key=••••3456&access_token=••••9876"))
        #expect(masked.contains("GET /api/getPerson?id=1&api_key=••••3456&access_token=••••9876 HTTP/1.1"))
        #expect(masked.contains("api_key = ••••3456"))
        #expect(masked.contains("X-Session-Token: ••••"))
        #expect(!masked.contains("SECRET"))
        _ = Reducer.reduce(&state, .key(.char("v")), width: 160, height: 24)
        let shown = ScreenRenderer.render(state, width: 160, height: 24, options: self.plain).text
        #expect(shown.contains("REQUEST #1  GET " + Self.target))
        #expect(shown.contains("access_token = tok_SECRET9876"))
    }
}
