import SwitchboardCore
import SwitchboardTUI
import Testing

/// The text filter looks in a line's target lowercased once when it is
/// taken in; a target without capitals is its own lowercase form.
@Suite struct LogLineSearchableTargetTests {
    @Test func theSearchableTargetIsTheShownTargetLowercased() {
        for target in [
            "/plain/path?q=1", "/Mixed/Case?Q=%1B%5B31m", "/ÉTÉ/Straße?K=Ü", "/été/ok", "/a?api_key=SECRET_1234567890",
            "/\u{1B}[31m",
        ] {
            let line = LogLine(ScreenFixtures.entry(1, "GET", target, .answered(200), ms: 1, endpoint: nil))
            #expect(line.searchableTarget == line.target.lowercased(), "\(target)")
        }
    }
}
