/// How to draw: what the terminal supports and what the user asked for.
public struct RenderOptions: Equatable, Sendable {
    /// False under `NO_COLOR` or on a terminal without colours.
    public var color: Bool
    /// Box drawing and arrows when the locale is UTF-8; ASCII otherwise.
    public var unicode: Bool
    /// Seconds east of UTC, for the clock in log lines.
    public var utcOffset: Int

    public init(color: Bool = true, unicode: Bool = true, utcOffset: Int = 0) {
        self.color = color
        self.unicode = unicode
        self.utcOffset = utcOffset
    }

    /// Same-width glyphs are swapped for ASCII by the renderer (`Glyphs`);
    /// the arrow in running text reads better as two characters.
    var rule: Character { "─" }
    var separator: String { " · " }
    var arrow: String { self.unicode ? "→" : "->" }

    /// Text that is not the screen's own (a request's target, a manifest's
    /// path or name) as this terminal can show it: as it is on UTF-8, its
    /// non-ASCII letters as `\xHH` bytes otherwise. Applied before the text
    /// is measured, as the bytes take more columns than the letters.
    func shown(_ text: String) -> String {
        self.unicode ? text : TerminalText.ascii(text)
    }

    /// Drops colour when colour is off; keeps bold and reverse.
    func style(_ style: Style) -> Style {
        self.color ? style : style.withoutColor
    }
}
