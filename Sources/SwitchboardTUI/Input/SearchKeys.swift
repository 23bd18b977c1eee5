/// Typing after `/` in the endpoint list: each key moves the selection to
/// the first row that matches from where the search began; ↓ and ↑ step
/// through the matches; enter keeps the row found, esc goes back.
enum SearchKeys {
    static func handle(_ key: Key, state: inout AppState) -> [Effect] {
        guard var search = state.endpointSearch else { return [] }
        switch key {
        case .char(let character):
            search.text.append(character)
        case .backspace:
            if !search.text.isEmpty { search.text.removeLast() }
        case .ctrl("u"):
            search.text = ""
        case .ctrl("c"):
            return [.quit(interrupted: true)]
        case .down, .ctrl("n"), .up, .ctrl("p"):
            let forward = key == .down || key == .ctrl("n")
            let from = state.selected + (forward ? 1 : -1)
            if let next = search.match(in: state.endpoints, from: from, forward: forward) { state.selected = next }
            return []
        case .escape:
            state.selected = min(search.origin, max(0, state.endpoints.count - 1))
            state.endpointSearch = nil
            return []
        case .enter:
            state.endpointSearch = nil
            if search.match(in: state.endpoints, from: state.selected) == nil {
                state.selected = min(search.origin, max(0, state.endpoints.count - 1))
                state.flash = "no endpoint matches '\(search.text)'"
            }
            return []
        default:
            return []
        }
        state.endpointSearch = search
        state.selected = search.match(in: state.endpoints, from: search.origin) ?? search.origin
        return []
    }
}
