/// Keys while the request log has focus. Moving up pauses the log, the way
/// a pager stops following when you scroll back.
enum LogKeys {
    static func handle(_ command: Command, state: inout AppState, layout: Layout) {
        let count = state.log.count
        let page = max(1, layout.logRows)
        switch command {
        case .toggleFollow:
            if state.following {
                self.pause(&state)
            } else {
                self.follow(&state)
            }
        case .clearLog:
            state.log.removeAll()
            state.logCursor = nil
            state.unseen = 0
            state.flash = "log cleared"
        case .moveUp, .pageUp, .moveToTop:
            guard count > 0 else { return }
            self.pause(&state)
            let cursor = state.logCursor ?? count - 1
            let step = command == .moveUp ? 1 : command == .pageUp ? page : count
            state.logCursor = max(0, cursor - step)
        case .moveDown, .pageDown:
            guard count > 0, let cursor = state.logCursor else { return }
            state.logCursor = min(count - 1, cursor + (command == .moveDown ? 1 : page))
        case .moveToBottom:
            self.follow(&state)
        default:
            break
        }
    }

    private static func pause(_ state: inout AppState) {
        guard state.following else { return }
        state.following = false
        state.unseen = 0
        state.logCursor = state.log.isEmpty ? nil : state.log.count - 1
    }

    private static func follow(_ state: inout AppState) {
        state.following = true
        state.logCursor = nil
        state.unseen = 0
    }
}
