import DequeModule

/// Which log lines are on screen. Following: the newest. Paused: a window
/// anchored by sequence numbers, so it stays on the same requests while new
/// ones arrive, old ones are dropped, or the filter changes.
enum LogWindow {
    /// Position in `visible` of the request line numbered `sequence`, else
    /// (it was dropped, or filtered out) of the first line after it in
    /// number, or the end. Lines are in arrival order, which is nearly
    /// but not quite number order (a slow request is answered, and
    /// numbered, after quicker ones that arrived later), so this scans.
    static func position(of sequence: Int, in visible: [Int], log: Deque<LogLine>) -> Int {
        if let exact = visible.firstIndex(where: { log[$0].sequence == sequence && log[$0].marker == nil }) {
            return exact
        }
        return visible.firstIndex { log[$0].sequence >= sequence } ?? visible.count
    }

    /// The first position shown and the cursor's position, in `visible`.
    static func window(_ state: AppState, visible: [Int], rows: Int) -> (first: Int, cursor: Int?) {
        guard !state.following, let cursorSequence = state.logCursor, !visible.isEmpty else {
            return (max(0, visible.count - rows), nil)
        }
        let cursor = min(visible.count - 1, self.position(of: cursorSequence, in: visible, log: state.log))
        var first = state.logTop.map { self.position(of: $0, in: visible, log: state.log) } ?? (cursor - rows + 1)
        if cursor < first { first = cursor }
        if cursor >= first + rows { first = cursor - rows + 1 }
        first = max(0, min(first, visible.count - rows))
        return (first, cursor)
    }

    /// Rewrites the paused window's anchors to lines that exist.
    static func settle(_ state: inout AppState, rows: Int) {
        guard !state.following, state.logCursor != nil else { return }
        let visible = state.visibleLog
        guard !visible.isEmpty else { return }
        let (first, cursor) = self.window(state, visible: visible, rows: rows)
        state.logTop = state.log[visible[first]].sequence
        if let cursor { state.logCursor = state.log[visible[cursor]].sequence }
    }
}
