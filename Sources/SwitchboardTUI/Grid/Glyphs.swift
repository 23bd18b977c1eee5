/// Every non-ASCII glyph the screen itself draws, with the ASCII character
/// that stands in for it when the terminal is not UTF-8 (`LANG=C`). One
/// column for one column, so boxes, columns and sparklines keep their shape.
/// The renderer passes the finished grid through this table in ASCII mode;
/// a test draws every screen and overlay that way and finds no other
/// non-ASCII cell.
enum Glyphs {
    static let table: [Unicode.Scalar: Character] = [
        // Box lines and rules.
        "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+",
        // Punctuation in hints, summaries and flashes.
        "·": "-", "—": "-", "–": "-", "…": "~", "×": "x", "•": "*", "●": "*", "✗": "x", "✓": "v",
        "▏": "_",
        // Arrows and comparisons.
        "→": ">", "←": "<", "↑": "^", "↓": "v", "≤": "<",
        // Sparkline blocks, lowest to highest.
        "▁": ".", "▂": ":", "▃": "-", "▄": "=", "▅": "+", "▆": "*", "▇": "#", "█": "@",
    ]

    /// The ASCII stand-in for one of the screen's own glyphs.
    static func ascii(for scalar: Unicode.Scalar) -> Character? {
        Self.table[scalar]
    }
}
