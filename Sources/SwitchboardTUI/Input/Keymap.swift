/// Where a binding applies.
public enum KeyScope: Hashable, Sendable {
    case endpoints
    case log
    /// Anywhere, unless the focused pane binds the same key.
    case global
    /// The request details view.
    case details
    /// The scenario picker.
    case picker
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
    /// Whether the help bar shows it.
    public var inBar: Bool
    /// How the help screen names the keys when listing them one by one
    /// would be too long (`1-9`); `nil` lists them.
    public var helpKeys: String?
    /// Whether the help screen lists it (a pair like up/down shows once).
    public var inHelp: Bool

    public init(
        _ keys: [Key], _ command: Command, _ scope: KeyScope, hint: String, help: String, inBar: Bool = true,
        helpKeys: String? = nil, inHelp: Bool = true
    ) {
        self.keys = keys
        self.command = command
        self.scope = scope
        self.hint = hint
        self.help = help
        self.inBar = inBar
        self.helpKeys = helpKeys
        self.inHelp = inHelp
    }

    /// How the help screen names the keys: `space enter`, `↑ k`.
    public func keyLabel(unicode: Bool) -> String {
        if let helpKeys = self.helpKeys { return unicode ? helpKeys : helpKeys.replacingArrows() }
        return self.keys.map { unicode ? $0.label : $0.asciiLabel }.joined(separator: " ")
    }

    /// How the help bar names the key: the first one only.
    public func barLabel(unicode: Bool) -> String {
        guard let first = self.keys.first else { return "" }
        return unicode ? first.label : first.asciiLabel
    }
}

extension String {
    fileprivate func replacingArrows() -> String {
        var out = ""
        for character in self {
            switch character {
            case "↑": out += "Up"
            case "↓": out += "Down"
            default: out.append(character)
            }
        }
        return out
    }
}

public enum Keymap {
    public static let bindings: [Binding] = [
        Binding([.up, .char("k")], .moveUp, .global, hint: "up", help: "move", inBar: false, helpKeys: "↑↓ k j"),
        Binding([.down, .char("j")], .moveDown, .global, hint: "down", help: "", inBar: false, inHelp: false),
        Binding(
            [.pageUp], .pageUp, .global, hint: "page up", help: "page up / down", inBar: false, helpKeys: "PgUp PgDn"),
        Binding([.pageDown], .pageDown, .global, hint: "page down", help: "", inBar: false, inHelp: false),
        Binding(
            [.home, .char("g")], .moveToTop, .global, hint: "top", help: "first / last", inBar: false,
            helpKeys: "Home End g G"),
        Binding([.end, .char("G")], .moveToBottom, .global, hint: "bottom", help: "", inBar: false, inHelp: false),
        Binding([.char(" ")], .cycleMode, .endpoints, hint: "mode", help: "next mode"),
        Binding([.enter], .openEndpoint, .endpoints, hint: "open", help: "what it serves", inBar: false),
        Binding(
            [.char("1"), .char("2"), .char("3")], .pickMode, .endpoints, hint: "pick mode",
            help: "success · error · 500", inBar: false, helpKeys: "1 2 3"),
        Binding(
            [.char("4"), .char("5"), .char("6")], .pickMode, .endpoints, hint: "pick fault",
            help: "reset · hang · empty", inBar: false, helpKeys: "4 5 6"),
        Binding(
            [.char("7"), .char("8")], .pickMode, .endpoints, hint: "pick fault", help: "garbage · truncated",
            inBar: false, helpKeys: "7 8"),
        Binding(
            [.char("9"), .char("0")], .pickMode, .endpoints, hint: "flaky", help: "flaky · sequence",
            inBar: false, helpKeys: "9 0"),
        Binding(
            [.char("n")], .pickCountRule, .endpoints, hint: "count rule", help: "fail_first/every/after",
            inBar: false),
        Binding(
            [.char("l")], .nextLatency, .endpoints, hint: "latency", help: "next / previous latency", helpKeys: "l L"),
        Binding(
            [.char("L")], .previousLatency, .endpoints, hint: "latency back", help: "", inBar: false, inHelp: false),
        Binding(
            [.char("t")], .nextToxic, .endpoints, hint: "toxic", help: "next connection toxic",
            inBar: false),
        Binding(
            [.char("/")], .startSearch, .endpoints, hint: "search", help: "find an endpoint (id, path)",
            inBar: false),
        Binding([.char("a")], .applyToAll, .endpoints, hint: "all", help: "this setting to all"),
        Binding([.char("r")], .resetSelected, .endpoints, hint: "reset", help: "reset to the manifest"),
        Binding(
            [.char("w")], .recordSelected, .endpoints, hint: "record", help: "record last live answer",
            inBar: false),
        Binding([.enter], .openDetails, .log, hint: "details", help: "request details"),
        Binding([.char("/")], .startFilter, .log, hint: "filter", help: "filter (status:5xx …)"),
        Binding([.char("f")], .toggleFollow, .log, hint: "follow", help: "pause / follow"),
        Binding([.char("e")], .exportHAR, .log, hint: "export", help: "save as HAR"),
        Binding([.char("c")], .clearLog, .log, hint: "clear", help: "clear the log"),
        Binding(
            [.char("w")], .recordSelected, .log, hint: "record", help: "record · stub if none",
            inBar: false),
        Binding(
            [.char("x")], .copyAsCurl, .log, hint: "curl", help: "copy as curl · replay", inBar: false,
            helpKeys: "x p"),
        Binding([.char("p")], .replay, .log, hint: "replay", help: "", inBar: false, inHelp: false),
        Binding(
            [.char("m")], .toggleMark, .log, hint: "mark", help: "mark · jump to marks", inBar: false,
            helpKeys: "m n N"),
        Binding([.char("n")], .nextMark, .log, hint: "next mark", help: "", inBar: false, inHelp: false),
        Binding([.char("N")], .previousMark, .log, hint: "previous mark", help: "", inBar: false, inHelp: false),
        Binding([.up, .char("k")], .moveUp, .details, hint: "scroll", help: "", helpKeys: "↑↓ k j", inHelp: false),
        Binding([.down, .char("j")], .moveDown, .details, hint: "down", help: "", inBar: false, inHelp: false),
        Binding([.pageUp, .char("b")], .pageUp, .details, hint: "page", help: "", inBar: false, inHelp: false),
        Binding([.pageDown, .char(" ")], .pageDown, .details, hint: "page", help: "", inBar: false, inHelp: false),
        Binding([.home, .char("g")], .moveToTop, .details, hint: "top", help: "", inBar: false, inHelp: false),
        Binding([.end, .char("G")], .moveToBottom, .details, hint: "end", help: "", inBar: false, inHelp: false),
        Binding([.escape, .backspace, .left], .closeOverlay, .details, hint: "back", help: "", inHelp: false),
        Binding([.char("w")], .recordSelected, .details, hint: "record", help: "", inBar: false, inHelp: false),
        Binding([.char("x")], .copyAsCurl, .details, hint: "curl", help: "", inBar: false, inHelp: false),
        Binding([.char("p")], .replay, .details, hint: "replay", help: "", inBar: false, inHelp: false),
        Binding([.char("v")], .toggleSecrets, .details, hint: "reveal", help: "show credentials"),
        Binding([.up, .char("k")], .moveUp, .picker, hint: "up", help: "", inBar: false, inHelp: false),
        Binding([.down, .char("j")], .moveDown, .picker, hint: "down", help: "", inBar: false, inHelp: false),
        Binding([.enter, .char(" ")], .choose, .picker, hint: "apply", help: "", inHelp: false),
        Binding([.escape], .closeOverlay, .picker, hint: "cancel", help: "", inHelp: false),
        Binding([.char("R")], .resetAll, .global, hint: "reset all", help: "reset all, stop drill"),
        Binding(
            [.char("v")], .toggleSecrets, .global, hint: "reveal", help: "show credentials", inBar: false,
            inHelp: false),
        Binding([.char("s")], .openScenarios, .global, hint: "scenario", help: "scenario or drill"),
        Binding(
            [.char("W")], .recordAll, .global, hint: "record all", help: "record all seen live",
            inBar: false),
        Binding([.tab, .backTab], .switchFocus, .global, hint: "pane", help: "switch pane"),
        Binding([.char("?")], .toggleHelp, .global, hint: "help", help: "this help"),
        Binding([.escape], .closeOverlay, .global, hint: "close", help: "close help", inBar: false, inHelp: false),
        Binding([.char("q")], .quit, .global, hint: "quit", help: "quit (Ctrl-C too)"),
        Binding([.ctrl("c")], .interrupt, .global, hint: "quit", help: "quit", inBar: false, inHelp: false),
    ]

    /// The binding for a key in a pane: the pane's own first, then global.
    public static func binding(for key: Key, in scope: KeyScope) -> Binding? {
        self.bindings.first { $0.scope == scope && $0.keys.contains(key) }
            ?? self.bindings.first { $0.scope == .global && $0.keys.contains(key) }
    }

    /// What the help bar lists for a focused pane: the pane's keys, then
    /// the global ones.
    public static func barBindings(for scope: KeyScope) -> [Binding] {
        let own = self.bindings.filter { $0.inBar && $0.scope == scope }
        if scope == .details || scope == .picker {
            // Overlays answer their own keys; of the rest only quitting works.
            return own + self.bindings.filter { $0.command == .quit }
        }
        return own + self.bindings.filter { $0.inBar && $0.scope == .global }
    }
}
