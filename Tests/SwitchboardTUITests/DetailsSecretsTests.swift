import SwitchboardCore
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// Issue 13, part 10: credentials are masked until `v`, and long values wrap
/// so they can be read whole.
@Suite struct DetailsSecretsTests {
    let plain = RenderOptions(color: false, unicode: true, utcOffset: 0)

    static let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbmEiLCJleHAiOjE3NjM4MTI4NjB9.Zk3v0Yq8wJc2Tn1a2b"

    static func secretState() throws -> AppState {
        var state = try ScreenFixtures.busyState()
        var entry = ScreenFixtures.entry(
            7, "GET", "/data/all/coinlist?cursor=" + String(repeating: "abcdefghij", count: 9) + "&tail=end",
            .answered(200), ms: 1.5, endpoint: "coinlist")
        entry.sequence = 9
        entry.details = FakeExchange(
            requestHeaders: [
                ("Host", "127.0.0.1:8080"), ("Authorization", "Bearer " + Self.token),
                ("Cookie", "session=s3cr3t-session-value-42; theme=dark"), ("X-Api-Key", "live_9f8e7d6c5b4a"),
                ("Accept", "application/json"),
            ],
            responseHeaders: [("Set-Cookie", "session=n3w-session-value-77; Path=/; HttpOnly")],
            responseBody: Array(#"{"ok":true}"#.utf8))
        _ = Reducer.reduce(
            &state, .details(DetailsFormatter.view(entry, signature: "GET /data/all/coinlist")), width: 80, height: 24)
        return state
    }

    @Test func credentialsAreMaskedByDefault() throws {
        let state = try Self.secretState()
        let grid = ScreenRenderer.render(state, width: 80, height: 24, options: self.plain)
        expectGolden(grid, "details-masked-80x24")
        let text = grid.text
        #expect(text.contains("Authorization: Bearer ••••1a2b"))
        #expect(text.contains("Cookie: session=••••e-42; theme=••••"))
        #expect(text.contains("X-Api-Key: ••••5b4a"))
        #expect(text.contains("Set-Cookie: session=••••e-77; Path=/; HttpOnly"))
        #expect(!text.contains("s3cr3t") && !text.contains("eyJ"))
        #expect(text.contains("Accept: application/json"), "other headers stay as they are")
    }

    /// A `Location` an upstream sent with a password and a token reads as
    /// the journal, HAR files and JSON lines have it, until `v`.
    @Test func aResponseLocationIsRedactedUntilV() throws {
        var state = try ScreenFixtures.busyState()
        var entry = ScreenFixtures.entry(7, "GET", "/go", .answered(302), ms: 1.5, endpoint: nil)
        entry.sequence = 9
        entry.details = FakeExchange(
            requestHeaders: [("Host", "127.0.0.1:8080")],
            responseHeaders: [
                ("Location", "https://admin:hunter2@api.example.com/next?token=tok_SECRET&page=2"),
                ("Link", "<https://u:pw@x.example/2?sig=S1G>; rel=next"),
            ],
            responseBody: [])
        _ = Reducer.reduce(&state, .details(DetailsFormatter.view(entry, signature: "GET /go")), width: 120, height: 24)
        let hidden = ScreenRenderer.render(state, width: 120, height: 24, options: self.plain).text
        #expect(hidden.contains("Location: https://api.example.com/next?token=REDACTED&page=2"))
        #expect(hidden.contains("Link: <https://x.example/2?sig=REDACTED>; rel=next"))
        #expect(!hidden.contains("hunter2") && !hidden.contains("tok_SECRET") && !hidden.contains("S1G"))
        _ = Reducer.reduce(&state, .key(.char("v")), width: 120, height: 24)
        let shown = ScreenRenderer.render(state, width: 120, height: 24, options: self.plain).text
        #expect(shown.contains("Location: https://admin:hunter2@api.example.com/next?token=tok_SECRET&page=2"))
    }

    @Test func vRevealsThemAndVMasksThemAgain() throws {
        var state = try Self.secretState()
        _ = Reducer.reduce(&state, .key(.char("v")), width: 80, height: 24)
        #expect(state.details?.revealsSecrets == true)
        let grid = ScreenRenderer.render(state, width: 80, height: 24, options: self.plain)
        expectGolden(grid, "details-revealed-80x24")
        // The token is longer than a row: wrapped, every character is there.
        let rows = (0..<24).map { grid.row($0).trimmingCharacters(in: .whitespaces) }
        let start = try #require(rows.firstIndex { $0.hasPrefix("Authorization:") })
        let joined = (rows[start] + rows[start + 1]).replacingOccurrences(of: " ", with: "")
        #expect(joined.contains(Self.token))
        _ = Reducer.reduce(&state, .key(.char("v")), width: 80, height: 24)
        #expect(state.details?.revealsSecrets == false)
        #expect(!ScreenRenderer.render(state, width: 80, height: 24, options: self.plain).text.contains("s3cr3t"))
    }

    @Test func aLongURLWrapsInsteadOfBeingCut() throws {
        let state = try Self.secretState()
        let text = ScreenRenderer.render(state, width: 80, height: 24, options: self.plain).text
        #expect(text.contains("&tail=end"), "the end of the request line is on screen")
    }

    @Test func asciiTerminalsGetStarsForTheMask() throws {
        let state = try Self.secretState()
        let ascii = RenderOptions(color: false, unicode: false, utcOffset: 0)
        let text = ScreenRenderer.render(state, width: 80, height: 24, options: ascii).text
        #expect(text.contains("Authorization: Bearer ****1a2b"))
    }

    @Test func theRevealKeyIsInTheHelpAndTheBar() throws {
        var state = try Self.secretState()
        let bar = ScreenRenderer.render(state, width: 80, height: 24, options: self.plain).text
        #expect(bar.contains("v reveal"))
        state.details = nil
        _ = Reducer.reduce(&state, .key(.char("?")), width: 80, height: 24)
        #expect(
            ScreenRenderer.render(state, width: 80, height: 30, options: self.plain).text.contains("show credentials"))
    }

    @Test func whichHeadersAreCredentials() {
        for name in [
            "Authorization", "proxy-authorization", "Cookie", "Set-Cookie", "X-Api-Key", "api_key", "X-Auth-Token",
        ] {
            #expect(Credentials.isSecret(name), "\(name)")
        }
        for name in ["Accept", "Content-Type", "Host", "User-Agent"] { #expect(!Credentials.isSecret(name), "\(name)") }
        #expect(Credentials.mask(name: "Authorization", value: "Basic YWxhZGRpbjpvcGVuc2VzYW1l") == "Basic ••••YW1l")
        #expect(Credentials.mask(name: "Authorization", value: "Bearer short") == "Bearer ••••", "short: no tail shown")
    }
}
