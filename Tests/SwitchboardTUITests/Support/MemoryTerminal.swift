import SwitchboardTUI

/// A terminal in memory: a size the test sets, keys the test types, and
/// every frame the runtime drew.
final class MemoryTerminal: Terminal {
    var size: (width: Int, height: Int)
    /// Keys typed and not yet read by the runtime.
    var typed: [Key] = []
    private(set) var frames: [Grid] = []

    init(width: Int, height: Int) {
        self.size = (width, height)
    }

    func draw(_ grid: Grid) {
        self.frames.append(grid)
    }

    func readKeys() -> [Key] {
        defer { self.typed = [] }
        return self.typed
    }

    /// The last frame drawn, as text.
    var screen: String { self.frames.last?.text ?? "" }
}
