import SwitchboardCore
import SwitchboardModel

/// The endpoint list: method, path, id (where there is room), mode, latency
/// (and rate limit) and hits per endpoint.
enum EndpointListView {
    /// Column widths for a screen width; latency is dropped on narrow screens.
    struct Columns {
        let method: Int
        private(set) var path: Int
        /// The endpoint's id, the name every command takes; 0 where the
        /// screen has no room for the longest whole (a row that shares its
        /// method and path then has its id in the path's column).
        private(set) var id = 0
        private(set) var mode: Int
        private(set) var latency: Int
        private(set) var hits: Int
        /// Requests per second over the last minute; on wide screens only.
        private(set) var sparkline: Int
        /// Columns the path keeps before the latency column grows.
        static let pathFloor = 18

        /// `longestLatency`: the widest latency label the rows can show (the
        /// profiles `l` cycles through); the column grows to fit it while the
        /// path keeps `Self.pathFloor` columns. `longestPath`: the widest
        /// path, which is all the path column needs on a wide screen.
        /// `longestID`: the widest id, which has a column where the path
        /// leaves room for it.
        init(width: Int, longestLatency: Int = 0, longestPath: Int = Self.pathCap, longestID: Int = 0) {
            self.sparkline = width >= 80 ? min(20, 8 + (width - 80) / 8) : 0
            if width >= 64 {
                self.method = 7
                self.mode = 17
                self.hits = 8
                let spare = width - 3 - self.method - self.mode - self.hits - self.sparkline - 1 - Self.pathFloor
                self.latency = max(15, min(longestLatency + 1, spare))
            } else if width >= 40 {
                // The latency keeps a short column (`slow`, `3g`, `ver…`):
                // whether a row is slowed matters more than two more
                // characters of its path. The mode keeps `error 429` and
                // `flaky 25%` whole; the path, which tells the rows apart,
                // has the rest.
                self.method = 5
                self.mode = 10
                self.latency = 5
                self.hits = 6
            } else {
                self.method = 5
                self.mode = 10
                self.latency = 0
                self.hits = 7
            }
            self.path = max(4, width - 3 - self.method - self.mode - self.latency - self.hits - self.sparkline - 1)
            self.spendWidthBeyondThePath(keeping: max(Self.pathKept, longestPath + Self.pathSlack), id: longestID)
        }

        /// The longest path when it is not known.
        static let pathCap = 56
        /// Columns after the longest path: a gap before the mode.
        static let pathSlack = 2
        /// Columns the path keeps however short the paths are: about what
        /// it has on an 80-column screen, which is left as it was.
        static let pathKept = 22

        /// On a wide screen the path keeps what the longest path needs; the
        /// rest goes first to the ids (whole, or not at all), then to the
        /// sparkline (up to a bar a second), the mode, the hits and the
        /// latency (which a rate limit shares). What is left after that
        /// stays blank at the right, so the mode and hits stay next to the
        /// path they belong to.
        private mutating func spendWidthBeyondThePath(keeping need: Int, id longestID: Int) {
            guard self.path > need, self.sparkline > 0 else { return }
            var spare = self.path - need
            if longestID > 0, spare >= longestID + Self.pathSlack {
                self.id = longestID + Self.pathSlack
                spare -= self.id
            }
            func take(_ most: Int) -> Int {
                let taken = min(spare, max(0, most))
                spare -= taken
                return taken
            }
            self.sparkline += take(HitHistory.seconds + 1 - self.sparkline)
            self.mode += take(24 - self.mode)
            self.hits += take(12 - self.hits)
            self.latency += take(8)
            self.path = need
        }
    }

    /// The columns as drawn for `state`: the latency column fits its
    /// profiles' labels where there is room, the path its longest path (as
    /// `\xHH` bytes on a terminal that is not UTF-8, which take more).
    static func columns(_ state: AppState, width: Int, unicode: Bool = true) -> Columns {
        func shown(_ text: String) -> Int { TerminalText.columns(unicode ? text : TerminalText.ascii(text)) }
        return Columns(
            width: width, longestLatency: state.profiles.map { TerminalText.columns($0.label) }.max() ?? 0,
            longestPath: state.endpoints.map { shown($0.path) }.max() ?? 0,
            longestID: state.endpoints.map { shown(TerminalText.clean($0.id)) }.max() ?? 0)
    }

    /// The rows whose method and path another row has too (`POST /login`
    /// for `login` and `login-refused`): told apart only by their ids.
    static func sharingTheirSignature(_ rows: [EndpointRow]) -> Set<Int> {
        var first: [String: Int] = [:]
        var shared: Set<Int> = []
        for (index, row) in rows.enumerated() {
            let key = row.method + " " + row.path
            if let earlier = first[key] {
                shared.formUnion([earlier, index])
            } else {
                first[key] = index
            }
        }
        return shared
    }

    static func draw(_ state: AppState, into grid: inout Grid, layout: Layout, options: RenderOptions) {
        ScreenRenderer.title(
            "ENDPOINTS", focused: state.focus == .endpoints, y: layout.endpointTitleRow, into: &grid, options: options)
        ReloadBanner.draw(state, into: &grid, layout: layout, options: options)
        let columns = Self.columns(state, width: layout.width, unicode: options.unicode)
        if state.endpoints.isEmpty, layout.endpointRows > 0 {
            grid.put("   no endpoints in the manifest", x: 0, y: layout.firstEndpointRow, style: .dim)
        }
        // The reducer keeps the selection in view; clamping here as well
        // means a stale scroll can never leave blank rows.
        var scroll = min(state.endpointScroll, max(0, state.endpoints.count - layout.endpointRows))
        if state.selected >= scroll + layout.endpointRows { scroll = state.selected - layout.endpointRows + 1 }
        if state.selected < scroll { scroll = state.selected }
        let shared = columns.id > 0 ? [] : Self.sharingTheirSignature(state.endpoints)
        for row in 0..<layout.endpointRows {
            let index = max(0, scroll) + row
            guard state.endpoints.indices.contains(index) else { break }
            let y = layout.firstEndpointRow + row
            self.drawRow(
                state.endpoints[index], state: state, selected: index == state.selected, y: y, columns: columns,
                idInPath: shared.contains(index), into: &grid, options: options)
        }
    }

    private static func drawRow(
        _ row: EndpointRow, state: AppState, selected: Bool, y: Int, columns: Columns, idInPath: Bool,
        into grid: inout Grid, options: RenderOptions
    ) {
        let highlight = selected && state.focus == .endpoints
        var x = grid.put(selected ? " > " : "   ", x: 0, y: y, style: .bold)
        x = grid.put(TerminalText.pad(row.method, to: columns.method), x: x, y: y, style: .bold)
        let id = options.shown(TerminalText.clean(row.id))
        let path = options.shown(row.pathLabel)
        if idInPath {
            // The path and the id, the path cut where both do not fit; the
            // id alone where even a cut path leaves it no room: the id is
            // what tells the row from its twin, and what a command names.
            let room = columns.path - 1 - TerminalText.columns(id)
            let start = x
            if room >= 4 {
                x = grid.put(TerminalText.truncate(path, to: room, unicode: options.unicode) + " ", x: x, y: y)
            }
            x = grid.put(
                TerminalText.pad(id, to: columns.path - (x - start), unicode: options.unicode), x: x, y: y,
                style: .dim)
        } else {
            x = grid.put(TerminalText.pad(path, to: columns.path, unicode: options.unicode), x: x, y: y)
        }
        if columns.id > 0 {
            x = grid.put(TerminalText.pad(id, to: columns.id, unicode: options.unicode), x: x, y: y, style: .dim)
        }
        x = grid.put(" ", x: x, y: y)
        x = grid.put(
            // One column stays free before the latency.
            TerminalText.pad(
                TerminalText.truncate(
                    self.modeLabel(row, columns: columns, options: options), to: columns.mode - 1,
                    unicode: options.unicode),
                to: columns.mode),
            x: x, y: y,
            style: options.style(
                .color(self.color(of: row.nextOfRule ?? row.mode), bold: row.mode != row.startMode)))
        if columns.latency > 0 {
            // A rate limit shares the latency column: both say how the
            // endpoint's traffic is shaped, and most rows have neither.
            // The short column has the profile's name (`slow`), not its label (`slow 2s`).
            let short = columns.latency < 8
            var label = short ? (row.latency ?? "-") : state.latencyLabel(row.latency)
            if var limit = row.rateLimitLabel(unicode: options.unicode) {
                // A per-client limit names its key where it fits.
                let prefix = row.latency == nil ? "" : label + " "
                if TerminalText.columns(prefix + limit) >= columns.latency {
                    limit = row.rateLimitLabel(unicode: options.unicode, short: true) ?? limit
                }
                label = prefix + limit
            }
            // The short column leaves the toxics to follow the mode.
            if !row.toxics.isEmpty, !short {
                let shaped = row.latency != nil || row.rateLimit != nil
                let long = (shaped ? label + " " : "") + row.toxics.description
                label =
                    TerminalText.columns(long) < columns.latency
                    ? long
                    : shaped
                        ? self.keepingTail(label, tail: row.toxics.short, width: columns.latency - 1, options: options)
                        : row.toxics.short
            }
            if short {
                label = TerminalText.truncate(label, to: columns.latency - 1, unicode: options.unicode)
            }
            x = grid.put(
                TerminalText.pad(label, to: columns.latency, unicode: options.unicode), x: x, y: y,
                style: options.style(
                    row.latency == nil && row.rateLimit == nil && row.toxics.isEmpty ? .dim : .color(.cyan)))
        }
        x = grid.put(
            TerminalText.padLeft(Format.hits(row.hits, width: columns.hits - 1), to: columns.hits - 1), x: x, y: y)
        if columns.sparkline > 0, let history = state.history[row.id] {
            grid.put(
                " " + history.sparkline(width: columns.sparkline - 1, unicode: options.unicode), x: x, y: y,
                style: options.style(.color(.cyan)))
        }
        if highlight { grid.reverse(row: y) }
    }

    /// Where the latency column is short or gone (narrow screens) the
    /// toxics' short form follows the mode, `success slc`, the mode cut
    /// to make room if it must (`server… slc`): the latency column has
    /// room for the profile's name alone.
    private static func modeLabel(_ row: EndpointRow, columns: Columns, options: RenderOptions) -> String {
        let label = row.modeLabel(fitting: columns.mode - 1)
        guard columns.latency < 8, !row.toxics.isEmpty else { return label }
        return self.keepingTail(label, tail: row.toxics.short, width: columns.mode - 1, options: options)
    }

    /// `head tail` in `width` columns, `head` cut to keep `tail` whole: a
    /// toxic must never fall off the end behind a long profile or mode.
    static func keepingTail(_ head: String, tail: String, width: Int, options: RenderOptions) -> String {
        let whole = head + " " + tail
        guard TerminalText.columns(whole) > width else { return whole }
        let room = width - 1 - TerminalText.columns(tail)
        // The toxic alone where the head would be cut to nothing (the
        // row's colour still says the mode).
        guard room >= 2 else { return tail }
        return TerminalText.truncate(head, to: room, unicode: options.unicode) + " " + tail
    }

    static func color(of mode: Mode) -> Color? {
        switch mode {
        case .success: .green
        case .live: .cyan
        case .error: .yellow
        case .serverError: .red
        case .fault: .magenta
        case .flaky, .sequence, .rule: .blue
        }
    }
}
