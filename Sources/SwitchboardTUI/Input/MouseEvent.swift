/// A mouse event, already decoded from the terminal's report: where, in
/// screen cells, and what happened. The reducer works out what is there
/// (`Layout.spot`), so clicks are tested without a terminal.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The left button, pressed or clicked.
        case click
        case wheelUp
        case wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
