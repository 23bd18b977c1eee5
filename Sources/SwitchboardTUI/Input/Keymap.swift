/// Where a binding applies.
public enum KeyScope: Hashable, Sendable {
    case endpoints
    case log
    /// Anywhere, unless the focused pane binds the same key.
    case global
}

/// One key binding: the keys, what they do, and how the help bar and the
/// help screen describe them. Input dispatch and both help views read the
/// same records, so they cannot disagree.
public struct Binding: Sendable {
    public var keys: [Key]
    public var command: Command
    public var scope: KeyScope
    /// Short words for the help bar, e.g. "mode".
    public var hint: String
    /// A sentence for the help screen.
    public var help: String
    /// Whether the help bar shows it (the help screen shows all).
    public var inBar: Bool

    public init(_ keys: [Key], _ command: Command, _ scope: KeyScope, hint: String, help: String, inBar: Bool = true) {
        self.keys = keys
        self.command = command
        self.scope = scope
        self.hint = hint
        self.help = help
        self.inBar = inBar
    }

    /// How the help bar names the keys: `space`, `j/k`.
    public func keyLabel(unicode: Bool) -> String {
        self.keys.map { unicode ? $0.label : $0.asciiLabel }.joined(separator: "/")
    }
}

public enum Keymap {
    public static let bindings: [Binding] = [
        Binding([.up, .char("k")], .moveUp, .global, hint: "up", help: "select the previous line", inBar: false),
        Binding([.down, .char("j")], .moveDown, .global, hint: "down", help: "select the next line", inBar: false),
        Binding([.pageUp], .pageUp, .global, hint: "page up", help: "up one page", inBar: false),
        Binding([.pageDown], .pageDown, .global, hint: "page down", help: "down one page", inBar: false),
        Binding([.home, .char("g")], .moveToTop, .global, hint: "top", help: "go to the first line", inBar: false),
        Binding([.end, .char("G")], .moveToBottom, .global, hint: "bottom", help: "go to the last line", inBar: false),
        Binding(
            [.char(" "), .enter], .cycleMode, .endpoints, hint: "mode",
            help: "cycle the endpoint's mode: success → error → server_error"),
        Binding(
            (1...9).map { .char(Character(String($0))) }, .pickMode(0), .endpoints, hint: "pick mode",
            help: "1 success, 2 error, 3 server_error", inBar: false),
        Binding([.char("l")], .nextLatency, .endpoints, hint: "latency", help: "next latency profile"),
        Binding(
            [.char("L")], .previousLatency, .endpoints, hint: "latency back", help: "previous latency profile",
            inBar: false),
        Binding(
            [.char("a")], .applyToAll, .endpoints, hint: "all",
            help: "give every endpoint this endpoint's mode and latency"),
        Binding(
            [.char("r")], .resetSelected, .endpoints, hint: "reset", help: "reset this endpoint to its manifest state"),
        Binding([.char("R")], .resetAll, .global, hint: "reset all", help: "reset every endpoint"),
        Binding([.char("f")], .toggleFollow, .log, hint: "follow", help: "pause or follow new requests"),
        Binding([.char("c")], .clearLog, .log, hint: "clear", help: "clear the log on screen"),
        Binding([.tab, .backTab], .switchFocus, .global, hint: "switch pane", help: "move between endpoints and log"),
        Binding([.char("?")], .toggleHelp, .global, hint: "help", help: "show or hide this help"),
        Binding([.escape], .closeOverlay, .global, hint: "close", help: "close help", inBar: false),
        Binding([.char("q")], .quit, .global, hint: "quit", help: "quit (Ctrl-C too)"),
        Binding([.ctrl("c")], .interrupt, .global, hint: "quit", help: "quit", inBar: false),
    ]

    /// The binding for a key in a pane: the pane's own first, then global.
    public static func binding(for key: Key, in scope: KeyScope) -> Binding? {
        self.bindings.first { $0.scope == scope && $0.keys.contains(key) }
            ?? self.bindings.first { $0.scope == .global && $0.keys.contains(key) }
    }

    /// What the help bar lists for a focused pane, in order.
    public static func barBindings(for scope: KeyScope) -> [Binding] {
        self.bindings.filter { $0.inBar && ($0.scope == scope || $0.scope == .global) }
    }
}
