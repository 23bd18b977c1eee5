/// The `?` screen: every binding of the keymap, grouped by pane.
enum HelpOverlay {
    static func lines(unicode: Bool) -> [(key: String, text: String, heading: Bool)] {
        var lines: [(key: String, text: String, heading: Bool)] = []
        let sections: [(String, KeyScope)] = [("Endpoints", .endpoints), ("Request log", .log), ("Anywhere", .global)]
        for (title, scope) in sections {
            lines.append(("", title, true))
            for binding in Keymap.bindings where binding.scope == scope && binding.inHelp {
                lines.append((binding.keyLabel(unicode: unicode), binding.help, false))
            }
        }
        return lines
    }

    static func draw(into grid: inout Grid, layout: Layout, options: RenderOptions) {
        let lines = self.lines(unicode: options.unicode)
        let keyWidth = min(14, lines.map(\.key.count).max() ?? 0)
        let boxWidth = min(layout.width - 2, 72)
        let boxHeight = min(layout.height - 2, lines.count + 3)
        guard boxWidth >= 20, boxHeight >= 4 else { return }
        let left = (layout.width - boxWidth) / 2
        let top = max(1, (layout.height - boxHeight) / 2)
        let room = boxHeight - 3
        let (horizontal, vertical, corners): (Character, Character, [Character]) =
            options.unicode ? ("─", "│", ["┌", "┐", "└", "┘"]) : ("-", "|", ["+", "+", "+", "+"])
        for y in top..<(top + boxHeight) {
            grid.fill(" ", y: y, from: left, to: left + boxWidth)
            grid[left, y] = .init(character: vertical, style: .plain)
            grid[left + boxWidth - 1, y] = .init(character: vertical, style: .plain)
        }
        grid.fill(horizontal, y: top, from: left, to: left + boxWidth)
        grid.fill(horizontal, y: top + boxHeight - 1, from: left, to: left + boxWidth)
        grid[left, top].character = corners[0]
        grid[left + boxWidth - 1, top].character = corners[1]
        grid[left, top + boxHeight - 1].character = corners[2]
        grid[left + boxWidth - 1, top + boxHeight - 1].character = corners[3]
        grid.put(" Keys — any key closes ", x: left + 2, y: top, style: .bold)
        let inner = boxWidth - 4
        for (offset, line) in lines.prefix(room).enumerated() {
            let y = top + 2 + offset
            if offset == room - 1, lines.count > room {
                grid.put("… enlarge the window to see all keys", x: left + 2, y: y, style: .dim)
                break
            }
            if line.heading {
                grid.put(line.text, x: left + 2, y: y, style: options.style(.color(.cyan, bold: true)))
            } else {
                grid.put(TerminalText.pad(line.key, to: keyWidth), x: left + 4, y: y, style: .bold)
                grid.put(
                    TerminalText.truncate(line.text, to: inner - keyWidth - 3, unicode: options.unicode),
                    x: left + 5 + keyWidth, y: y)
            }
        }
    }
}
