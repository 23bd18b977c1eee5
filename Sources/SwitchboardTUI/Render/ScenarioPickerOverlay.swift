/// The `s` picker: the manifest's scenarios, what each sets, the active one
/// marked.
enum ScenarioPickerOverlay {
    static func draw(
        _ state: AppState, selected: Int, into grid: inout Grid, layout: Layout, options: RenderOptions
    ) {
        let nameWidth =
            (state.scenarios.map { TerminalText.columns(options.shown(TerminalText.clean($0))) }.max() ?? 0) + 10
        let summaryWidth = state.scenarioSummaries.map { TerminalText.columns(options.shown($0)) }.max() ?? 0
        // As wide as what it says, up to the terminal's width (`box` keeps
        // a column either side): a wide terminal shows a summary whole.
        let width = max(46, nameWidth + summaryWidth + 3)
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
            let name = options.shown(TerminalText.clean(state.scenarios[index]))
            let active = state.scenario == state.scenarios[index] ? "  (active)" : ""
            let summary = options.shown(
                state.scenarioSummaries.indices.contains(index) ? state.scenarioSummaries[index] : "")
            let y = box.top + 1 + row
            let style: Style = index == selected ? .reverse : .plain
            let x = grid.put(
                TerminalText.pad(
                    " \(index == selected ? ">" : " ") \(name)\(active)", to: min(nameWidth, box.width - 2)),
                x: box.left + 1, y: y, style: style)
            let rest = box.left + box.width - 1 - x
            if rest > 0 {
                grid.put(
                    TerminalText.pad(summary, to: rest, unicode: options.unicode), x: x, y: y,
                    style: index == selected ? .reverse : .dim)
            }
        }
    }
}
