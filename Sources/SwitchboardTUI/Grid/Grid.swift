/// What the screen should show: a rectangle of single-column characters with
/// styles. Rendering produces one; the terminal backend draws it, and tests
/// compare it with golden text.
public struct Grid: Equatable, Sendable {
    public struct Cell: Equatable, Sendable {
        public var character: Character
        public var style: Style

        public static let blank = Cell(character: " ", style: .plain)
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
        set { self.cells[y * self.width + x] = newValue }
    }

    /// Writes `text` at (x, y), clipped to `limit` columns and to the grid.
    /// Returns the column after the last character written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, limit: Int? = nil) -> Int {
        guard y >= 0, y < self.height else { return x }
        let end = min(self.width, x + (limit ?? self.width))
        var column = x
        for character in text {
            guard column < end else { break }
            if column >= 0 { self[column, y] = Cell(character: character, style: style) }
            column += 1
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

    /// One row as text.
    public func row(_ y: Int) -> String {
        String(self.cells[(y * self.width)..<((y + 1) * self.width)].map(\.character))
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
