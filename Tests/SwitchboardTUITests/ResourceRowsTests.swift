import SwitchboardCore
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// A resource's list row says how many items it holds, following creates
/// and deletes, the control API's replacements and a reset's seed.
@Suite struct ResourceRowsTests {
    static let manifest = """
        resources:
          todos: { seed: [ { title: milk } ] }
        """

    @Test func theListRowCountsTheItems() throws {
        let panel = try MemoryFixtures(Self.manifest).panel()
        let screen = ScreenHarness(panel: panel, width: 100, height: 24)
        screen.frame()
        #expect(screen.terminal.screen.contains("/todos · 1 item "))
        let create = ResourceBinding(resource: "todos", operation: .create)
        _ = panel.resources.answer(create, parameters: [:], body: ["title": "eggs"])
        screen.frame()
        #expect(screen.terminal.screen.contains("/todos · 2 items"))
        // Only the list row carries the count.
        #expect(screen.state.endpoints.compactMap(\.items) == [2])
        try panel.reset()
        screen.frame()
        #expect(screen.terminal.screen.contains("/todos · 1 item "))
        try panel.resources.replaceItems(of: "todos", with: [])
        screen.frame()
        #expect(screen.terminal.screen.contains("/todos · 0 items"))
    }
}
