/// `w` and `W`, wherever they are pressed: one recording at a time. A
/// recording writes files off the screen thread; a key repeated while one
/// is under way says so instead of queueing another behind it.
enum RecordKeys {
    static func record(_ target: RecordTarget, state: inout AppState) -> [Effect] {
        guard !state.recording else {
            state.flash = "still recording… (one recording at a time)"
            return []
        }
        state.recording = true
        switch target {
        case .endpoint(let id): state.flash = "recording \(id)…"
        case .everySeenLive: state.flash = "recording every endpoint seen live…"
        case .request(let sequence): state.flash = "recording request #\(sequence)…"
        }
        return [.record(target)]
    }
}
