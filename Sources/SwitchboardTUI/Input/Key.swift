/// A key press, as the reducer sees it (the terminal backend translates).
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, tab, backTab, escape, backspace
    /// A printable character; space is `.char(" ")`.
    case char(Character)
    /// Control plus a letter, e.g. `.ctrl("c")`.
    case ctrl(Character)
    /// The terminal changed size.
    case resize
    /// A click or the wheel; every one of them has a key that does the same.
    case mouse(MouseEvent)

    /// The key as the help bar spells it.
    public var label: String {
        switch self {
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "enter"
        case .tab: "tab"
        case .backTab: "S-tab"
        case .escape: "esc"
        case .backspace: "bksp"
        case .char(" "): "space"
        case .char(let character): String(character)
        case .ctrl(let character): "^" + character.uppercased()
        case .resize: "resize"
        case .mouse(let event): event.kind == .click ? "click" : "wheel"
        }
    }

    /// The label with ASCII arrows, for terminals without UTF-8.
    public var asciiLabel: String {
        switch self {
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        default: self.label
        }
    }
}
