/// The top line: what is being served and how busy it is.
enum HeaderView {
    static let insecure = "UPSTREAM TLS UNVERIFIED"

    static func draw(_ state: AppState, into grid: inout Grid, layout: Layout, options: RenderOptions) {
        let y = layout.headerRow
        grid.fill(" ", y: y, style: .reverse)
        var parts = [
            state.serverURL,
            state.validating ? "validating requests" : nil,
            "\(state.endpoints.count) endpoint\(state.endpoints.count == 1 ? "" : "s")",
            "\(Format.count(state.totalRequests)) req",
            Format.rate(state.rate.perSecond),
            "scenario: " + (state.scenarioLabel.map { options.shown(TerminalText.clean($0.description)) } ?? "-"),
        ].compactMap { $0 }
        var x = grid.put(" Switchboard", x: 0, y: y, style: Style(bold: true, reverse: true))
        // Before the counters: a warning that falls off a narrow screen
        // would not be one.
        if state.upstreamInsecure {
            x = grid.put("  ", x: x, y: y, style: .reverse)
            x = grid.put(
                Self.insecure, x: x, y: y, style: options.style(Style(foreground: .red, bold: true, reverse: true)))
        }
        // A drill running is what the audience watches: it takes the
        // scenario's place, after the URL where both fit, else before it,
        // shortened if it must be — never dropped.
        if let drill = state.drill {
            parts.removeLast()
            let full = options.shown(drill.label(at: state.wallTime))
            let afterURL = x + 2 + TerminalText.columns(state.serverURL) + 2 + TerminalText.columns(full)
            if afterURL <= layout.width {
                parts.insert(full, at: 1)
            } else if x + 2 + TerminalText.columns(full) <= layout.width {
                parts.insert(full, at: 0)
            } else {
                parts.insert(options.shown(drill.shortLabel(at: state.wallTime)), at: 0)
            }
        }
        for part in parts {
            // Drop what does not fit rather than cutting a part in half.
            guard x + 2 + TerminalText.columns(part) <= layout.width else { break }
            x = grid.put("  " + part, x: x, y: y, style: .reverse)
        }
    }
}
