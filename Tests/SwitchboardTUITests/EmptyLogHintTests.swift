import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardTUI

/// Issue 13, part 12: the empty log's suggested request is whole on any
/// screen, so it can be copied and run.
@Suite struct EmptyLogHintTests {
    let plain = RenderOptions(color: false, unicode: true, utcOffset: 0)

    @Test func aNarrowScreenBreaksTheHintBeforeTheCommandNotInsideIt() throws {
        let grid = ScreenRenderer.render(try ScreenFixtures.freshState(), width: 40, height: 10, options: self.plain)
        let rows = (0..<grid.height).map(grid.row)
        let lead = try #require(rows.firstIndex { $0.hasPrefix(" waiting for requests — try:") })
        // `http://` is what curl assumes; without it the command fits.
        #expect(rows[lead + 1].trimmingCharacters(in: .whitespaces) == "curl 127.0.0.1:8080/data/all/coinlist")
    }

    @Test func aWideEnoughScreenKeepsTheHintOnOneLine() throws {
        let grid = ScreenRenderer.render(try ScreenFixtures.freshState(), width: 80, height: 24, options: self.plain)
        #expect(grid.text.contains(" waiting for requests — try: curl http://127.0.0.1:8080/data/all/coinlist "))
    }

    /// Headers go on lines of their own, each line but the last ending in
    /// ` \`, which a shell reads as one command.
    @Test func headersContinueTheCommandOnLinesOfTheirOwn() {
        let example = ExampleRequest(path: "/weather?lat=1&lon=2", headers: ["X-Api-Key: 1"], needsValues: true)
        let lines = LogView.hint(example, serverURL: "http://127.0.0.1:8080", width: 50, options: self.plain)
        #expect(
            lines == [
                "waiting for requests — try:",
                #"curl 'http://127.0.0.1:8080/weather?lat=1&lon=2' \"#,
                "  -H 'X-Api-Key: 1'",
            ])
        #expect(lines.allSatisfy { TerminalText.columns($0) <= 50 })
    }

    @Test func aQuoteInAHeaderValueStaysInsideItsArgument() {
        let example = ExampleRequest(path: "/", headers: ["X-Name: O'Brien"], needsValues: true)
        #expect(example.curl(serverURL: "http://h") == #"curl http://h/ -H 'X-Name: O'\''Brien'"#)
    }
}
