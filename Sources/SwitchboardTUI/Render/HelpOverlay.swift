/// The `?` screen: every binding of the keymap, grouped by pane; in two
/// columns when one would not fit the height.
enum HelpOverlay {
    typealias Line = (key: String, text: String, heading: Bool)

    static func section(_ title: String, _ scope: KeyScope, unicode: Bool) -> [Line] {
        [("", title, true)]
            + Keymap.bindings.filter { $0.scope == scope && $0.inHelp }.map {
                ($0.keyLabel(unicode: unicode), $0.help, false)
            }
    }

    /// A line as drawn: its key padded to `keyWidth`, or a heading, or the
    /// rest of a text that did not fit the line before (no key).
    struct Row {
        var key: String
        var text: String
        var heading: Bool
        var keyWidth: Int
    }

    static func draw(into grid: inout Grid, layout: Layout, options: RenderOptions) {
        // Details under the endpoints: the log's and the global keys fill
        // the other column, and both fit 80x24.
        let endpoints =
            self.section("Endpoints", .endpoints, unicode: options.unicode)
            + self.section("Details", .details, unicode: options.unicode)
        let rest =
            self.section("Request log", .log, unicode: options.unicode)
            + self.section("Anywhere", .global, unicode: options.unicode)
        let single = endpoints + rest
        let twoColumns = single.count + 2 > layout.height - 2 && layout.width >= 70
        let columns: [[Line]] = twoColumns ? [endpoints, rest] : [single]
        let columnWidth = (min(layout.width - 2, twoColumns ? 78 : 52) - 2) / columns.count
        let rows = columns.map { self.rows($0, width: columnWidth, bySection: !twoColumns) }
        let height = (rows.map(\.count).max() ?? 0) + 2
        guard
            let box = ScreenRenderer.box(
                title: "Keys — any key closes", width: twoColumns ? 78 : 52, height: height, into: &grid,
                layout: layout, options: options)
        else { return }
        let room = box.height - 2
        for (number, lines) in rows.enumerated() {
            let left = box.left + 1 + number * columnWidth
            for (offset, line) in lines.prefix(room).enumerated() {
                let y = box.top + 1 + offset
                if offset == room - 1, lines.count > room {
                    grid.put(" … enlarge the window", x: left, y: y, style: .dim)
                    break
                }
                if line.heading {
                    grid.put(" " + line.text, x: left, y: y, style: options.style(.color(.cyan, bold: true)))
                } else {
                    grid.put(TerminalText.pad(line.key, to: line.keyWidth), x: left + 2, y: y, style: .bold)
                    grid.put(
                        TerminalText.truncate(
                            line.text, to: columnWidth - line.keyWidth - 4, unicode: options.unicode),
                        x: left + 3 + line.keyWidth, y: y)
                }
            }
        }
    }

    /// `lines` laid out in a column `width` wide: keys padded to the
    /// widest of the column (of each section, `bySection`, where one
    /// column is all there is: a narrow screen's texts then keep their
    /// room), a text too long for its line going on under itself, broken
    /// between words, so that a 40-column help reads whole.
    static func rows(_ lines: [Line], width: Int, bySection: Bool) -> [Row] {
        var sections: [[Line]] = []
        for line in lines {
            if line.heading && bySection || sections.isEmpty { sections.append([]) }
            sections[sections.count - 1].append(line)
        }
        var rows: [Row] = []
        for section in sections {
            let keyWidth = min(13, section.filter { !$0.heading }.map { TerminalText.columns($0.key) }.max() ?? 0)
            let room = max(1, width - keyWidth - 4)
            for line in section {
                if line.heading {
                    rows.append(Row(key: "", text: line.text, heading: true, keyWidth: keyWidth))
                    continue
                }
                var rest = Substring(line.text)
                var key = line.key
                repeat {
                    var piece = TerminalText.cut(rest, columns: room)
                    if piece.endIndex < rest.endIndex, rest[piece.endIndex] != " ",
                        let space = piece.lastIndex(of: " ")
                    {
                        piece = rest[..<space]
                    }
                    rows.append(Row(key: key, text: String(piece), heading: false, keyWidth: keyWidth))
                    key = ""
                    rest = rest[piece.endIndex...].drop { $0 == " " }
                } while !rest.isEmpty
            }
        }
        return rows
    }
}
