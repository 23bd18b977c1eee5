/// Draws the state into a grid: the whole screen is a pure function of the
/// state and the terminal size, so it can be tested as text.
public enum ScreenRenderer {
    public static func render(_ state: AppState, width: Int, height: Int, options: RenderOptions) -> Grid {
        var grid = Grid(width: width, height: height)
        guard width >= 20, height >= 5 else {
            grid.put("Switchboard: enlarge the window", x: 0, y: 0)
            return grid
        }
        let layout = Layout(state, width: width, height: height)
        HeaderView.draw(state, into: &grid, layout: layout, options: options)
        if let details = state.details {
            DetailsScreen.draw(details, into: &grid, layout: layout, options: options)
        } else {
            EndpointListView.draw(state, into: &grid, layout: layout, options: options)
            LogView.draw(state, into: &grid, layout: layout, options: options)
        }
        HelpBarView.draw(state, into: &grid, layout: layout, options: options)
        if let selected = state.scenarioPicker {
            ScenarioPickerOverlay.draw(state, selected: selected, into: &grid, layout: layout, options: options)
        }
        if state.showHelp {
            HelpOverlay.draw(into: &grid, layout: layout, options: options)
        }
        if !options.unicode { self.asciiGlyphs(&grid) }
        return grid
    }

    /// On a terminal that is not UTF-8, every glyph the screen drew itself
    /// becomes its same-width ASCII stand-in (`Glyphs`). Network text was
    /// already written as `\xHH` (`TerminalText.ascii`) before it was laid out.
    private static func asciiGlyphs(_ grid: inout Grid) {
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                let character = grid[x, y].character
                if !character.isASCII, let first = character.unicodeScalars.first, let stand = Glyphs.ascii(for: first)
                {
                    grid[x, y].character = stand
                }
            }
        }
    }

    /// A box with a border and a title, cleared inside; returns its frame.
    static func box(
        title: String, width: Int, height: Int, into grid: inout Grid, layout: Layout, options: RenderOptions
    ) -> (left: Int, top: Int, width: Int, height: Int)? {
        let boxWidth = min(layout.width - 2, width)
        let boxHeight = min(layout.height - 2, height)
        guard boxWidth >= 12, boxHeight >= 3 else { return nil }
        let left = (layout.width - boxWidth) / 2
        let top = max(1, (layout.height - boxHeight) / 2)
        // In ASCII the renderer swaps these for - | + (`Glyphs`).
        let (horizontal, vertical, corners): (Character, Character, [Character]) = ("─", "│", ["┌", "┐", "└", "┘"])
        for y in top..<(top + boxHeight) {
            grid.fill(" ", y: y, from: left, to: left + boxWidth)
            grid[left, y] = .init(character: vertical, style: .plain)
            grid[left + boxWidth - 1, y] = .init(character: vertical, style: .plain)
        }
        grid.fill(horizontal, y: top, from: left, to: left + boxWidth)
        grid.fill(horizontal, y: top + boxHeight - 1, from: left, to: left + boxWidth)
        grid[left, top].character = corners[0]
        grid[left + boxWidth - 1, top].character = corners[1]
        grid[left, top + boxHeight - 1].character = corners[2]
        grid[left + boxWidth - 1, top + boxHeight - 1].character = corners[3]
        grid.put(" \(title) ", x: left + 2, y: top, style: .bold, limit: boxWidth - 4)
        return (left, top, boxWidth, boxHeight)
    }

    /// A pane title: ` ENDPOINTS ──────`, highlighted when the pane has focus.
    static func title(
        _ text: String, focused: Bool, y: Int, into grid: inout Grid, options: RenderOptions
    ) {
        grid.fill(options.rule, y: y, style: options.style(.dim))
        let label = " \(text) "
        grid.put(label, x: 1, y: y, style: focused ? .reverse : .bold)
    }
}
