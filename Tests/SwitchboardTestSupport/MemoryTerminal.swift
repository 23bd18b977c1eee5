import SwitchboardTUI

/// A terminal in memory: a size the test sets, keys the test types, and
/// every frame the runtime drew. Drives `ScreenRuntime` without ncurses,
/// here and in the tests of a program that embeds it.
///
/// Not `Sendable`: it belongs to the test (and runtime) that drives it.
public final class MemoryTerminal: Terminal {
    public var size: (width: Int, height: Int)
    /// Keys typed and not yet read by the runtime.
    public var typed: [Key] = []
    public private(set) var frames: [Grid] = []

    public init(width: Int, height: Int) {
        self.size = (width, height)
    }

    public func draw(_ grid: Grid) {
        self.frames.append(grid)
    }

    public func readKeys() -> [Key] {
        defer { self.typed = [] }
        return self.typed
    }

    /// The last frame drawn, as text.
    public var screen: String { self.frames.last?.text ?? "" }
}
