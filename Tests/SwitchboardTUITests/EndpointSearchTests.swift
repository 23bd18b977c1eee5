import SwitchboardCore
import SwitchboardModel
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// `/` in the endpoint list of a spec-sized API (a thousand endpoints, more
/// than any screen shows): typing moves the selection to the first row that
/// matches, ↓ ↑ step through the matches, enter keeps the row, esc goes
/// back, and every key of the list then works on the row found.
@Suite struct EndpointSearchTests {
    var state: AppState

    init() throws {
        var manifest = "endpoints:\n"
        for number in 0..<1_000 {
            let resource = ["orders", "users", "invoices", "pets"][number % 4]
            manifest += "  - { id: \(resource)-\(number), method: \(number % 2 == 0 ? "GET" : "POST"), "
            manifest += "path: /v1/\(resource)/n\(number) }\n"
        }
        self.state = try ScreenFixtures.freshState(panel: try MemoryFixtures(manifest).panel())
    }

    mutating func press(_ keys: Key...) -> [Effect] {
        var effects: [Effect] = []
        for key in keys { effects += Reducer.reduce(&self.state, .key(key), width: 80, height: 24) }
        return effects
    }

    mutating func type(_ text: String) {
        for character in text { _ = self.press(.char(character)) }
    }

    @Test mutating func typingSelectsTheFirstMatchAndTheListScrollsToIt() {
        _ = self.press(.char("/"))
        self.type("pets n99")
        #expect(self.state.selectedEndpoint?.id == "pets-99")
        #expect(self.state.endpointScroll > 0, "the row found is on screen")
        let bar = ScreenRenderer.render(self.state, width: 80, height: 24, options: RenderOptions(color: false)).row(23)
        #expect(bar.contains("/pets n99"))
        #expect(bar.contains("1 of 4"), "\(bar)")
        _ = self.press(.enter)
        #expect(self.state.endpointSearch == nil)
        // The list's own keys act on the row found.
        #expect(self.press(.char("3")) == [.set(endpoint: "pets-99", SettingChange(mode: .serverError))])
    }

    @Test mutating func arrowsStepThroughTheMatchesAndWrap() {
        _ = self.press(.char("/"))
        self.type("get invoices n99")
        #expect(self.state.selectedEndpoint?.id == "invoices-990")
        _ = self.press(.down)
        #expect(self.state.selectedEndpoint?.id == "invoices-994")
        _ = self.press(.down)
        #expect(self.state.selectedEndpoint?.id == "invoices-998")
        _ = self.press(.down)
        #expect(self.state.selectedEndpoint?.id == "invoices-990", "wraps to the first match")
        _ = self.press(.up)
        #expect(self.state.selectedEndpoint?.id == "invoices-998")
    }

    @Test mutating func escapeGoesBackAndNoMatchSaysSo() {
        _ = self.press(.down, .down)
        let before = self.state.selected
        _ = self.press(.char("/"))
        self.type("users")
        #expect(self.state.selectedEndpoint?.id == "users-5")
        _ = self.press(.escape)
        #expect(self.state.selected == before && self.state.endpointSearch == nil)

        _ = self.press(.char("/"))
        self.type("nowhere")
        #expect(self.state.selected == before)
        let bar = ScreenRenderer.render(self.state, width: 80, height: 24, options: RenderOptions(color: false)).row(23)
        #expect(bar.contains("no endpoint matches"), "\(bar)")
        _ = self.press(.enter)
        #expect(self.state.flash == "no endpoint matches 'nowhere'")
        #expect(self.state.selected == before)
    }

    @Test mutating func theSearchTakesEveryKeyUntilItEnds() {
        _ = self.press(.char("/"))
        // `q` and digits are words to find here, not quit or a mode.
        #expect(self.press(.char("q"), .char("3")).isEmpty)
        #expect(self.state.endpointSearch?.text == "q3")
        #expect(self.press(.ctrl("c")) == [.quit(interrupted: true)])
    }
}
