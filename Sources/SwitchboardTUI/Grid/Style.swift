/// The colours the screen uses; the backend maps them to terminal colours.
public enum Color: Hashable, Sendable, CaseIterable {
    case green, yellow, red, cyan, magenta, blue

    /// One letter per colour, for golden text of styled screens.
    var letter: Character {
        switch self {
        case .green: "g"
        case .yellow: "y"
        case .red: "r"
        case .cyan: "c"
        case .magenta: "m"
        case .blue: "b"
        }
    }
}

/// How one cell is drawn.
public struct Style: Hashable, Sendable {
    public var foreground: Color?
    public var bold: Bool
    public var reverse: Bool
    public var dim: Bool

    public init(foreground: Color? = nil, bold: Bool = false, reverse: Bool = false, dim: Bool = false) {
        self.foreground = foreground
        self.bold = bold
        self.reverse = reverse
        self.dim = dim
    }

    public static let plain = Style()
    public static let bold = Style(bold: true)
    public static let reverse = Style(reverse: true)
    public static let dim = Style(dim: true)

    public static func color(_ color: Color?, bold: Bool = false) -> Style {
        Style(foreground: color, bold: bold)
    }

    /// The same style without colour, for `NO_COLOR` and monochrome terminals.
    public var withoutColor: Style {
        var copy = self
        copy.foreground = nil
        return copy
    }

    /// One character summarising the style, for golden text: `.` plain,
    /// a colour letter (upper case when bold), `R` reverse, `B` bold, `d` dim.
    var code: Character {
        if self.reverse { return self.foreground.map { Character($0.letter.uppercased()) } ?? "R" }
        if let color = self.foreground {
            return self.bold ? Character(color.letter.uppercased()) : color.letter
        }
        if self.bold { return "B" }
        if self.dim { return "d" }
        return "."
    }
}
