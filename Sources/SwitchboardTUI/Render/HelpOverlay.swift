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
        let height = (columns.map(\.count).max() ?? 0) + 2
        guard
            let box = ScreenRenderer.box(
                title: "Keys — any key closes", width: twoColumns ? 78 : 52, height: height, into: &grid,
                layout: layout, options: options)
        else { return }
        let columnWidth = (box.width - 2) / columns.count
        let room = box.height - 2
        for (number, lines) in columns.enumerated() {
            let left = box.left + 1 + number * columnWidth
            let keyWidth = min(13, lines.map(\.key.count).max() ?? 0)
            for (offset, line) in lines.prefix(room).enumerated() {
                let y = box.top + 1 + offset
                if offset == room - 1, lines.count > room {
                    grid.put(" … enlarge the window", x: left, y: y, style: .dim)
                    break
                }
                if line.heading {
                    grid.put(" " + line.text, x: left, y: y, style: options.style(.color(.cyan, bold: true)))
                } else {
                    grid.put(TerminalText.pad(line.key, to: keyWidth), x: left + 2, y: y, style: .bold)
                    grid.put(
                        TerminalText.truncate(line.text, to: columnWidth - keyWidth - 4, unicode: options.unicode),
                        x: left + 3 + keyWidth, y: y)
                }
            }
        }
    }
}
