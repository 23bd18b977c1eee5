import SwitchboardCore

/// `p`, wherever it is pressed, and what comes of it: the replay's line is
/// found among new requests by its header and marked, and its end is said
/// in a notice.
enum ReplayKeys {
    static func replay(_ sequence: Int, state: inout AppState) -> [Effect] {
        state.pendingReplays[sequence, default: 0] += 1
        state.flash = "replaying #\(sequence)…"
        return [.replay(sequence: sequence)]
    }

    /// Marks the entries that are replays of a request replayed now.
    static func find(in entries: [JournalEntry], state: inout AppState) {
        guard !state.pendingReplays.isEmpty else { return }
        for entry in entries {
            guard let value = entry.details?.requestHeader(RequestCopy.replayHeader), let original = Int(value),
                state.pendingReplays[original] != nil
            else { continue }
            state.replays[entry.sequence] = original
            state.replaySeen[original] = entry.sequence
            // Replaying pauses nothing, but a paused log would keep the new
            // line out of view: the selection moves from the line replayed
            // to its replay, so the answer is seen beside the original.
            if !state.following, state.logCursor == original {
                state.logCursor = entry.sequence
                state.unseen = max(0, state.unseen - 1)
            }
        }
    }

    static func finished(_ original: Int, _ outcome: Result<Int, ReplayError>, state: inout AppState) {
        let left = (state.pendingReplays[original] ?? 1) - 1
        state.pendingReplays[original] = left > 0 ? left : nil
        // Its line came in before it finished: the server journals a
        // request before the answer reaches the sender.
        let seen = state.replaySeen.removeValue(forKey: original)
        switch outcome {
        case .success(let status):
            state.flash = "replayed #\(original) → \(status)" + (seen.map { ", logged as #\($0)" } ?? "")
        case .failure(let error):
            state.flash = "replay of #\(original) failed: \(error.description)"
        }
    }
}
