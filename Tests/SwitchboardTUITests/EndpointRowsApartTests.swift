import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardTUI

/// Issue 37, item 22: rows a person can tell apart, by the ids every
/// command names, on any screen.
@Suite struct EndpointRowsApartTests {
    let plain = RenderOptions(color: false, unicode: true, utcOffset: 0)

    func rows(width: Int, height: Int = 24) throws -> [String] {
        let grid = ScreenRenderer.render(
            try ScreenFixtures.freshState(), width: width, height: height, options: self.plain)
        return (0..<grid.height).map(grid.row)
    }

    /// Two `POST /login` rows read `login` and `login-refused` where the
    /// screen has no room for an id column (the path cut to make room,
    /// `/log… login-refused`, or left out where even that does not fit).
    @Test func rowsThatShareMethodAndPathShowTheirIds() throws {
        #expect(try self.rows(width: 80).contains { $0.contains("POST   /log… login-refused ") })
        for width in [80, 64] {
            let rows = try self.rows(width: width)
            let logins = rows.filter { $0.contains("POST") && $0.contains("login") }
            #expect(logins.count == 2, "\(rows.joined(separator: "\n"))")
            #expect(logins.first?.contains("/login login ") == true, "\(logins)")
            #expect(logins.last?.contains("login-refused ") == true, "\(logins)")
        }
        let narrow = try self.rows(width: 40, height: 40).filter { $0.contains("POST") }
        #expect(narrow.contains { $0.contains("POST /lo… login ") }, "\(narrow)")
        #expect(narrow.contains { $0.contains("POST login-ref… ") }, "\(narrow)")
    }

    /// Where the paths leave room, every row has its id.
    @Test func aWideScreenShowsEveryId() throws {
        let rows = try self.rows(width: 120)
        for (path, id) in [("/data/all/coinlist", "coinlist"), ("/weather", "weather"), ("/todos/:id", "todos.read")] {
            let row = try #require(rows.first { $0.contains(" \(path) ") })
            #expect(row.contains(" \(id) "), "\(row)")
        }
        #expect(rows.contains { $0.contains(" /login ") && $0.contains(" login-refused ") })
    }

    /// At 40 columns the path keeps 9 characters and the mode `error 429`
    /// whole (the path had 7, the mode 11).
    @Test func fortyColumnsGiveThePathRoomBeforeTheMode() throws {
        let grid = ScreenRenderer.render(
            try ScreenFixtures.busyState(width: 40, height: 40), width: 40, height: 40, options: self.plain)
        let rows = (0..<grid.height).map(grid.row)
        let coinlist = try #require(rows.first { $0.contains("/data/all") })
        #expect(coinlist.contains("/data/all… error 429 "), "\(coinlist)")
        #expect(rows.contains { $0.contains("/weather ") })
    }

    /// Every binding's help reads whole on a 40-column screen: a text too
    /// long for its line goes on under itself.
    @Test func theFortyColumnHelpIsWhole() throws {
        var state = try ScreenFixtures.freshState()
        state.showHelp = true
        let grid = ScreenRenderer.render(state, width: 40, height: 60, options: self.plain)
        // The box's sides taken away, the lines read as running text.
        let text = (0..<grid.height).map { grid.row($0).replacingOccurrences(of: "│", with: " ") }
            .joined(separator: " ").split(separator: " ").joined(separator: " ")
        for binding in Keymap.bindings where binding.inHelp {
            #expect(text.contains(binding.help), "\(binding.help)")
        }
        expectGolden(grid, "help-40x60")
    }
}
