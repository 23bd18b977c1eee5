/// The `s` picker: the manifest's scenarios, the active one marked.
enum ScenarioPickerOverlay {
    static func draw(
        _ state: AppState, selected: Int, into grid: inout Grid, layout: Layout, options: RenderOptions
    ) {
        let width = min(64, max(46, (state.scenarios.map(\.count).max() ?? 0) + 16))
        guard
            let box = ScreenRenderer.box(
                title: "Scenario — enter applies, esc cancels", width: width, height: state.scenarios.count + 2,
                into: &grid, layout: layout, options: options)
        else { return }
        let rows = box.height - 2
        let first = max(0, min(selected - rows + 1, state.scenarios.count - rows))
        for row in 0..<rows {
            let index = first + row
            guard state.scenarios.indices.contains(index) else { break }
            let name = TerminalText.clean(state.scenarios[index])
            let active = state.scenario == state.scenarios[index] ? "  (active)" : ""
            let y = box.top + 1 + row
            grid.put(
                TerminalText.pad(" \(index == selected ? ">" : " ") \(name)\(active)", to: box.width - 2),
                x: box.left + 1, y: y, style: index == selected ? .reverse : .plain)
        }
    }
}
