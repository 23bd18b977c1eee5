/// Draws the state into a grid: the whole screen is a pure function of the
/// state and the terminal size, so it can be tested as text.
public enum ScreenRenderer {
    public static func render(_ state: AppState, width: Int, height: Int, options: RenderOptions) -> Grid {
        var grid = Grid(width: width, height: height)
        guard width >= 20, height >= 5 else {
            grid.put("Switchboard: enlarge the window", x: 0, y: 0)
            return grid
        }
        let layout = Layout(width: width, height: height, endpointCount: state.endpoints.count)
        HeaderView.draw(state, into: &grid, layout: layout, options: options)
        EndpointListView.draw(state, into: &grid, layout: layout, options: options)
        LogView.draw(state, into: &grid, layout: layout, options: options)
        HelpBarView.draw(state, into: &grid, layout: layout, options: options)
        if state.showHelp {
            HelpOverlay.draw(into: &grid, layout: layout, options: options)
        }
        return grid
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
