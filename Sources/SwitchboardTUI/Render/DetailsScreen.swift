import Foundation

/// One request's (or endpoint's) details, filling the space between header
/// and help bar. Long lines wrap rather than being cut, so a token or a URL
/// can be read whole.
enum DetailsScreen {
    static func draw(_ details: DetailsView, into grid: inout Grid, layout: Layout, options: RenderOptions) {
        let titleRow = 1
        grid.fill(options.rule, y: titleRow, style: options.style(.dim))
        let title = details.revealsSecrets ? (details.revealedTitle ?? details.title) : details.title
        grid.put(
            " \(details.heading) " + (options.unicode ? title : TerminalText.ascii(title)) + " ", x: 1,
            y: titleRow, style: .reverse, limit: layout.width - 2)
        let rows = layout.detailsRows
        var row = 0
        var index = details.scroll
        while row < rows, details.lines.indices.contains(index) {
            let line = details.lines[index]
            let shown = details.revealsSecrets ? (line.revealed ?? line.text) : line.text
            let text = options.unicode ? shown : TerminalText.ascii(shown)
            for piece in self.wrap(text, width: self.textWidth(screen: layout.width)) where row < rows {
                grid.put(" " + piece, x: 0, y: titleRow + 1 + row, style: options.style(line.style))
                row += 1
            }
            index += 1
        }
        if details.lines.count > rows || index < details.lines.count, rows > 0 {
            let shown = "\(details.scroll + 1)–\(index) of \(details.lines.count)"
            let label = " " + shown + " "
            grid.put(label, x: max(0, layout.width - label.count - 1), y: titleRow, style: .dim)
        }
    }

    /// The columns a line has on a screen `screen` wide (one goes to the
    /// margin): what a line that must not wrap has to fit.
    static func textWidth(screen: Int) -> Int {
        screen - 1
    }

    /// Cuts a line into rows of `width` columns; the rows after the first
    /// are indented two past the line's own indent, so a wrapped value
    /// reads as one. A wide character is never split across rows.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        guard TerminalText.columns(text) > width else { return [text] }
        let indent = min(width / 2, text.prefix { $0 == " " }.count + 2)
        let pad = String(repeating: " ", count: indent)
        let first = TerminalText.cut(Substring(text), columns: width)
        var rows = [String(first)]
        var rest = text[first.endIndex...]
        while !rest.isEmpty {
            let piece = TerminalText.cut(rest, columns: width - indent)
            rows.append(pad + piece)
            rest = rest[piece.endIndex...]
        }
        return rows
    }

    /// The furthest scroll that still fills the screen: the first line from
    /// which the rest, wrapped, takes `rows` rows or fewer.
    static func lastScroll(_ details: DetailsView, rows: Int, width: Int) -> Int {
        var used = 0
        var first = details.lines.count
        while first > 0 {
            let line = details.lines[first - 1]
            let text = details.revealsSecrets ? (line.revealed ?? line.text) : line.text
            used += self.wrap(text, width: width).count
            if used > rows { break }
            first -= 1
        }
        return first
    }
}
