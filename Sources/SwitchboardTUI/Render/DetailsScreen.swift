import Foundation

/// One request's details, filling the space between header and help bar.
enum DetailsScreen {
    static func draw(_ details: DetailsView, into grid: inout Grid, layout: Layout, options: RenderOptions) {
        let titleRow = 1
        grid.fill(options.rule, y: titleRow, style: options.style(.dim))
        grid.put(" REQUEST " + details.title + " ", x: 1, y: titleRow, style: .reverse, limit: layout.width - 2)
        let rows = layout.detailsRows
        for row in 0..<rows {
            let index = details.scroll + row
            guard details.lines.indices.contains(index) else { break }
            let line = details.lines[index]
            grid.put(
                " " + TerminalText.truncate(line.text, to: layout.width - 1, unicode: options.unicode), x: 0,
                y: titleRow + 1 + row, style: options.style(line.style))
        }
        if details.lines.count > rows, rows > 0 {
            let shown =
                "\(details.scroll + 1)–\(min(details.lines.count, details.scroll + rows)) of \(details.lines.count)"
            let label = " " + (options.unicode ? shown : shown.replacingOccurrences(of: "–", with: "-")) + " "
            grid.put(label, x: max(0, layout.width - label.count - 1), y: titleRow, style: .dim)
        }
    }
}
