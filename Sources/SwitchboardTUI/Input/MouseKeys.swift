/// The mouse, for people who reach for it in a demo: a click selects an
/// endpoint (on its mode cell it cycles the mode, as space does) or a log
/// line; the wheel scrolls the log, or the details view when it is open.
/// Each does what a key does, so nothing needs the mouse.
enum MouseKeys {
    /// Lines the wheel moves per notch.
    static let wheelStep = 3

    static func handle(_ event: MouseEvent, state: inout AppState, layout: Layout) -> [Effect] {
        if state.details != nil {
            guard event.kind != .click else { return [] }
            return self.repeated(event.kind == .wheelUp ? .moveUp : .moveDown) {
                DetailsKeys.handle($0, state: &state, layout: layout)
            }
        }
        // Over the help screen or a picker a click means nothing yet.
        guard !state.showHelp, state.scenarioPicker == nil, state.filterDraft == nil,
            state.endpointSearch == nil
        else { return [] }
        switch event.kind {
        case .wheelUp, .wheelDown:
            return self.repeated(event.kind == .wheelUp ? .moveUp : .moveDown) {
                LogKeys.handle($0, state: &state, layout: layout)
            }
        case .click:
            // Measured as on a UTF-8 terminal: the reducer does not know
            // the terminal, and only a non-ASCII path could move the mode.
            let columns = EndpointListView.columns(state, width: layout.width)
            return self.click(
                layout.spot(x: event.x, y: event.y, columns: columns), state: &state, layout: layout)
        }
    }

    private static func click(_ spot: Layout.Spot, state: inout AppState, layout: Layout) -> [Effect] {
        switch spot {
        case .endpoint(let row, let modeCell):
            let index = state.endpointScroll + row
            guard state.endpoints.indices.contains(index) else { return [] }
            state.flash = nil
            state.focus = .endpoints
            state.selected = index
            guard modeCell else { return [] }
            return EndpointKeys.handle(.cycleMode, key: .char(" "), state: &state, layout: layout)
        case .log(let row):
            let visible = state.visibleLog
            let (first, _) = LogWindow.window(state, visible: visible, rows: max(1, layout.logRows))
            guard visible.indices.contains(first + row) else { return [] }
            state.flash = nil
            state.focus = .log
            let sequence = state.log[visible[first + row]].sequence
            LogKeys.pause(&state, visible: visible)
            state.logTop = state.log[visible[first]].sequence
            state.logCursor = sequence
            return []
        case .elsewhere:
            return []
        }
    }

    private static func repeated(_ command: Command, _ perform: (Command) -> [Effect]) -> [Effect] {
        var effects: [Effect] = []
        for _ in 0..<self.wheelStep { effects += perform(command) }
        return effects
    }
}
