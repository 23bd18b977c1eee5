import Foundation

/// The bottom line: the keys of the focused pane, from the keymap; or the
/// last message. `? help` and `q quit` always fit: other hints are dropped
/// first on narrow screens.
enum HelpBarView {
    static func draw(_ state: AppState, into grid: inout Grid, layout: Layout, options: RenderOptions) {
        let y = layout.barRow
        if let draft = state.filterDraft {
            let prompt = "/" + options.shown(TerminalText.clean(draft))
            let x = grid.put(prompt, x: 1, y: y, style: .bold)
            // In ASCII the renderer swaps the glyphs (`Glyphs`).
            grid.put("▏", x: x, y: y, style: .bold)
            let hint = "  enter apply · esc cancel · status:5xx method:POST endpoint:ID unmatched"
            grid.put(hint, x: x + 1, y: y, style: .dim)
            return
        }
        if let search = state.endpointSearch {
            let prompt = "/" + options.shown(TerminalText.clean(search.text))
            let x = grid.put(prompt, x: 1, y: y, style: .bold)
            grid.put("▏", x: x, y: y, style: .bold)
            let found =
                search.place(of: state.selected, in: state.endpoints).map { "\($0.number) of \($0.count)" }
                ?? "no endpoint matches"
            let arrows = options.unicode ? "↓↑" : "Down/Up"
            grid.put("  \(found) · \(arrows) next · enter keep · esc back", x: x + 1, y: y, style: .dim)
            return
        }
        if let flash = state.flash {
            grid.put(
                " " + options.shown(TerminalText.clean(flash)), x: 0, y: y,
                style: options.style(.color(.cyan, bold: true)))
            return
        }
        let all = Keymap.barBindings(for: state.keyScope)
        let essential = all.filter { $0.command == .toggleHelp || $0.command == .quit || $0.command == .closeOverlay }
        let optional = all.filter { $0.command != .toggleHelp && $0.command != .quit && $0.command != .closeOverlay }
        func width(_ binding: Binding) -> Int {
            binding.barLabel(unicode: options.unicode).count + 1 + binding.hint.count + 2
        }
        var room = layout.width - 1 - essential.map(width).reduce(0, +)
        var shown: [Binding] = []
        for binding in optional where width(binding) <= room {
            shown.append(binding)
            room -= width(binding)
        }
        var x = 1
        for binding in shown + essential {
            x = grid.put(binding.barLabel(unicode: options.unicode), x: x, y: y, style: .bold)
            x = grid.put(" " + binding.hint + "  ", x: x, y: y)
        }
    }
}
