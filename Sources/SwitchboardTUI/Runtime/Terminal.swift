/// What the screen runtime needs from a terminal: its size, a way to show a
/// grid and the keys typed since it last looked. `NcursesTerminal` is the
/// real one; tests drive the runtime with an in-memory one of a fixed size.
public protocol Terminal: AnyObject {
    /// Columns and rows now; a resize changes it between two calls.
    var size: (width: Int, height: Int) { get }
    /// Shows `grid`, which is exactly `size` large.
    func draw(_ grid: Grid)
    /// Every key waiting, without blocking: empty when there is none.
    func readKeys() -> [Key]
    /// Puts `text` on the terminal's clipboard; false if this terminal
    /// cannot.
    func copyToClipboard(_ text: String) -> Bool
}

extension Terminal {
    /// Puts `text` on the terminal's clipboard where it can (OSC 52); true
    /// if it was sent. Terminals that cannot do nothing.
    public func copyToClipboard(_ text: String) -> Bool { false }
}
