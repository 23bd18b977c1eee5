/// The bottom line: the keys of the focused pane, from the keymap; or the
/// last message.
enum HelpBarView {
    static func draw(_ state: AppState, into grid: inout Grid, layout: Layout, options: RenderOptions) {
        let y = layout.barRow
        if let flash = state.flash {
            grid.put(" " + TerminalText.clean(flash), x: 0, y: y, style: options.style(.color(.cyan, bold: true)))
            return
        }
        let scope: KeyScope = state.focus == .endpoints ? .endpoints : .log
        var x = 1
        for binding in Keymap.barBindings(for: scope) {
            let key = binding.keyLabel(unicode: options.unicode)
            let width = key.count + 1 + binding.hint.count + 2
            guard x + width - 2 <= layout.width else { break }
            x = grid.put(key, x: x, y: y, style: .bold)
            x = grid.put(" " + binding.hint + "  ", x: x, y: y)
        }
    }
}
