/// Keys while the request log has focus. Moving up pauses the log, the way
/// a pager stops following when you scroll back.
enum LogKeys {
    static func handle(_ command: Command, state: inout AppState, layout: Layout) -> [Effect] {
        let visible = state.visibleLog
        let page = max(1, layout.logRows)
        switch command {
        case .toggleFollow:
            if state.following { self.pause(&state, visible: visible) } else { self.follow(&state) }
        case .clearLog:
            state.log.removeAll()
            state.marks.removeAll()
            state.replays.removeAll()
            self.follow(&state)
            state.flash = "log cleared"
        case .moveUp, .pageUp, .moveToTop:
            guard !visible.isEmpty else { return [] }
            self.pause(&state, visible: visible)
            let cursor = self.cursorPosition(state, visible: visible)
            let step = command == .moveUp ? 1 : command == .pageUp ? page : visible.count
            guard let target = self.request(near: max(0, cursor - step), by: -1, state, visible) else { return [] }
            state.logCursor = state.log[visible[target]].sequence
        case .moveDown, .pageDown:
            guard !visible.isEmpty, !state.following else { return [] }
            let cursor = self.cursorPosition(state, visible: visible)
            let next = min(visible.count - 1, cursor + (command == .moveDown ? 1 : page))
            guard let target = self.request(near: next, by: 1, state, visible) else { return [] }
            state.logCursor = state.log[visible[target]].sequence
        case .moveToBottom:
            self.follow(&state)
        case .openDetails:
            guard let sequence = self.selectedSequence(state, visible: visible) else {
                state.flash = "no request to show yet"
                return []
            }
            return [.openDetails(sequence: sequence)]
        case .recordSelected:
            guard let sequence = self.selectedSequence(state, visible: visible) else {
                state.flash = "no request to record yet"
                return []
            }
            return RecordKeys.record(.request(sequence: sequence), state: &state)
        case .copyAsCurl, .replay:
            guard let sequence = self.selectedSequence(state, visible: visible) else {
                state.flash = "no request to \(command == .replay ? "replay" : "copy") yet"
                return []
            }
            return command == .replay
                ? ReplayKeys.replay(sequence, state: &state) : [.copyAsCurl(sequence: sequence)]
        case .toggleMark:
            guard let sequence = self.selectedSequence(state, visible: visible) else {
                state.flash = "no request to mark yet"
                return []
            }
            if state.marks.remove(sequence) == nil {
                state.marks.insert(sequence)
                state.flash = "#\(sequence) marked — n / N jump between marks"
            } else {
                state.flash = "#\(sequence) unmarked"
            }
        case .nextMark, .previousMark:
            self.jumpToMark(forward: command == .nextMark, state: &state, visible: visible)
        case .startFilter:
            state.filterDraft = state.filter?.text ?? ""
        case .exportHAR:
            guard !visible.isEmpty else {
                state.flash = "nothing to export: the log is empty"
                return []
            }
            return [
                .exportHAR(sequences: visible.filter { state.log[$0].marker == nil }.map { state.log[$0].sequence })
            ]
        default:
            break
        }
        return []
    }

    /// Moves the cursor to the next (or previous) marked line the filter
    /// shows, wrapping around at the end.
    static func jumpToMark(forward: Bool, state: inout AppState, visible: [Int]) {
        let marked = visible.filter { state.marks.contains(state.log[$0].sequence) }
        guard !marked.isEmpty else {
            state.flash = state.marks.isEmpty ? "no marks — m marks a request" : "no marked request is shown"
            return
        }
        let current = self.selectedSequence(state, visible: visible) ?? 0
        let sequences = marked.map { state.log[$0].sequence }
        let target =
            forward
            ? (sequences.first { $0 > current } ?? sequences.first!)
            : (sequences.last { $0 < current } ?? sequences.last!)
        if state.following { self.pause(&state, visible: visible) }
        state.logCursor = target
    }

    /// The highlighted request: the newest while following.
    static func selectedSequence(_ state: AppState, visible: [Int]) -> Int? {
        guard let last = visible.last(where: { state.log[$0].marker == nil }) else { return nil }
        return state.following ? state.log[last].sequence : (state.logCursor ?? state.log[last].sequence)
    }

    /// The request line at `position` in `visible`, or the nearest one
    /// beyond it in direction `step` (else back the other way): the cursor
    /// steps over markers, which are not requests.
    static func request(near position: Int, by step: Int, _ state: AppState, _ visible: [Int]) -> Int? {
        for direction in [step, -step] {
            var index = position
            while visible.indices.contains(index) {
                if state.log[visible[index]].marker == nil { return index }
                index += direction
            }
        }
        return nil
    }

    static func cursorPosition(_ state: AppState, visible: [Int]) -> Int {
        guard let cursor = state.logCursor else { return visible.count - 1 }
        return min(visible.count - 1, LogWindow.position(of: cursor, in: visible, log: state.log))
    }

    static func pause(_ state: inout AppState, visible: [Int]) {
        guard state.following else { return }
        state.following = false
        state.unseen = 0
        state.logCursor = visible.last.map { state.log[$0].sequence }
        state.logTop = nil
    }

    static func follow(_ state: inout AppState) {
        state.following = true
        state.logCursor = nil
        state.logTop = nil
        state.unseen = 0
    }
}
