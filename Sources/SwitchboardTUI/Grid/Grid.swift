/// What the screen should show: a rectangle of cells with styles. A wide
/// character (CJK, emoji) fills two cells, the second marked `isWideTail`;
/// writing over either half blanks the other, so no half character is ever
/// drawn. Rendering produces a grid; the terminal backend draws it, and
/// tests compare it with golden text.
public struct Grid: Equatable, Sendable {
    public struct Cell: Equatable, Sendable {
        public var character: Character
        public var style: Style
        /// The right half of the wide character in the cell to its left:
        /// the backend draws nothing here, the text has nothing here.
        public var isWideTail = false

        public static let blank = Cell(character: " ", style: .plain)

        var isWideHead: Bool { !self.isWideTail && TerminalText.columns(self.character) == 2 }
    }

    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { self.cells[y * self.width + x] }
        set {
            let index = y * self.width + x
            let old = self.cells[index]
            if old.isWideTail, !newValue.isWideTail, x > 0 {
                self.cells[index - 1] = Cell(character: " ", style: self.cells[index - 1].style)
            }
            if old.isWideHead, !newValue.isWideHead, x + 1 < self.width, self.cells[index + 1].isWideTail {
                self.cells[index + 1] = Cell(character: " ", style: self.cells[index + 1].style)
            }
            self.cells[index] = newValue
        }
    }

    /// Writes `text` at (x, y), clipped to `limit` columns and to the grid.
    /// A wide character that would be cut in half becomes a space.
    /// Returns the column after the last character written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, limit: Int? = nil) -> Int {
        guard y >= 0, y < self.height else { return x }
        let end = min(self.width, x + (limit ?? self.width))
        var column = x
        for character in text {
            guard column < end else { break }
            let columns = TerminalText.columns(character)
            if column + columns > end || (columns == 2 && column < 0) {
                if column >= 0 { self[column, y] = Cell(character: " ", style: style) }
                column += 1
                continue
            }
            if column >= 0 {
                self[column, y] = Cell(character: character, style: style)
                if columns == 2 { self[column + 1, y] = Cell(character: " ", style: style, isWideTail: true) }
            }
            column += columns
        }
        return column
    }

    /// Shows a whole row in reverse video (the selection), keeping its colours.
    public mutating func reverse(row y: Int) {
        guard y >= 0, y < self.height else { return }
        for column in 0..<self.width { self[column, y].style.reverse = true }
    }

    /// Fills a row (from `x`) with one character.
    public mutating func fill(
        _ character: Character, y: Int, from x: Int = 0, to end: Int? = nil, style: Style = .plain
    ) {
        guard y >= 0, y < self.height else { return }
        for column in max(0, x)..<min(self.width, end ?? self.width) {
            self[column, y] = Cell(character: character, style: style)
        }
    }

    /// One row as text (a wide character once, as a terminal shows it).
    public func row(_ y: Int) -> String {
        String(self.cells[(y * self.width)..<((y + 1) * self.width)].filter { !$0.isWideTail }.map(\.character))
    }

    /// The whole grid as text, trailing spaces kept so widths are visible.
    public var text: String {
        (0..<self.height).map(self.row).joined(separator: "\n")
    }

    /// The style of every cell as one character (see `Style.code`), row by
    /// row: golden files for colour.
    public var styleText: String {
        (0..<self.height).map { y in
            String(self.cells[(y * self.width)..<((y + 1) * self.width)].map(\.style.code))
        }.joined(separator: "\n")
    }
}
