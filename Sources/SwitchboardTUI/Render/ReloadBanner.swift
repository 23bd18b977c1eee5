/// A failed reload, on screen until the fixtures load again: the first
/// problem whole (wrapped, never cut while the screen has room), how many
/// more there are, and the command that lists them all.
enum ReloadBanner {
    /// Every line the banner wants at `width`; none while the fixtures load.
    static func lines(_ state: AppState, width: Int) -> [String] {
        let (problem, summary) = self.parts(state, width: width)
        return problem + summary
    }

    /// The lines that fit in `rows`: on a short screen the problem is cut
    /// (ending in `…`) so that the way to see it whole stays on screen.
    static func lines(_ state: AppState, width: Int, rows: Int, unicode: Bool) -> [String] {
        let (problem, summary) = self.parts(state, width: width)
        guard problem.count + summary.count > rows else { return problem + summary }
        let summaryRows = min(summary.count, max(0, rows - 1))
        var shown = Array(problem.prefix(rows - summaryRows))
        if let last = shown.indices.last {
            shown[last] = TerminalText.truncate(shown[last] + " …", to: width - 1, unicode: unicode)
        }
        return shown + summary.prefix(summaryRows)
    }

    private static func parts(_ state: AppState, width: Int) -> (problem: [String], summary: [String]) {
        guard let first = state.reloadProblems.first else { return ([], []) }
        let command = "`switchboard check \(TerminalText.clean(state.reloadFolder))`"
        let more = state.reloadProblems.count - 1
        let summary =
            more > 0
            ? "+\(more) more problem\(more == 1 ? "" : "s"): run \(command) to see them all"
            : "save a fix to reload, or run \(command)"
        let indent = { (line: String) in " " + line }
        return (
            TerminalText.wrap(TerminalText.clean(first), to: width - 2).map(indent),
            TerminalText.wrap(summary, to: width - 2).map(indent)
        )
    }

    static func draw(_ state: AppState, into grid: inout Grid, layout: Layout, options: RenderOptions) {
        guard !state.reloadProblems.isEmpty else { return }
        grid.fill(" ", y: layout.endpointTitleRow, style: options.style(.color(.red, bold: true)))
        grid.put(
            TerminalText.truncate(
                " reload failed, still serving the last good fixtures:", to: layout.width, unicode: options.unicode),
            x: 0, y: layout.endpointTitleRow, style: options.style(Style(foreground: .red, bold: true, reverse: true)))
        let lines = self.lines(state, width: layout.width, rows: layout.bannerRows, unicode: options.unicode)
        for (index, line) in lines.enumerated() {
            grid.put(line, x: 0, y: layout.firstBannerRow + index, style: options.style(.color(.red, bold: index == 0)))
        }
    }
}
