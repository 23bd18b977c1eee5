import Foundation
import SwitchboardCore
import SwitchboardModel

/// The request log: one line per request, newest at the bottom.
enum LogView {
    struct Columns {
        let time: Int
        let method: Int
        private(set) var target: Int
        let status: Int
        let duration: Int
        private(set) var info: Int
        /// Columns the target keeps on a wide screen however short the
        /// targets are.
        static let targetFloor = 30
        /// The most the info column takes on a wide screen: past this its
        /// text is no easier to read than cut.
        static let infoCap = 80

        /// `longestTarget`: the widest target on screen. On a wide screen
        /// the target column takes what that needs, so the status stays
        /// next to its path; the info column gets the rest, up to
        /// `infoCap`, and what is left after that stays blank at the right.
        init(width: Int, longestTarget: Int = .max) {
            let wide = width >= 60
            self.time = wide ? 13 : 0
            self.method = wide ? 8 : 5
            self.status = 4
            self.duration = 9
            // What is left is shared between the target and the mode/latency
            // (or UNMATCHED → closest) column, the target getting more.
            let remaining = max(8, width - 1 - self.time - self.method - 1 - self.status - self.duration)
            self.info = wide ? min(40, remaining / 2) : max(4, min(10, remaining / 2))
            self.target = max(4, remaining - self.info)
            let need = max(Self.targetFloor, longestTarget == .max ? .max : longestTarget + 1)
            if wide, self.target > need {
                self.info = min(Self.infoCap, self.info + self.target - need)
                self.target = need
            }
        }
    }

    static func draw(_ state: AppState, into grid: inout Grid, layout: Layout, options: RenderOptions) {
        var title = "REQUESTS (following)"
        if !state.following {
            title = state.unseen > 0 ? "REQUESTS (paused, \(Format.count(state.unseen)) new)" : "REQUESTS (paused)"
        }
        if let filter = state.filter { title += "  filter: " + options.shown(TerminalText.clean(filter.text)) }
        ScreenRenderer.title(title, focused: state.focus == .log, y: layout.logTitleRow, into: &grid, options: options)
        guard layout.logRows > 0 else { return }
        if state.log.isEmpty {
            var hint = self.hint(
                self.example(state), serverURL: state.serverURL, width: layout.width - 1, options: options)
            // Short of rows, the command is what is worth the room.
            if hint.count > layout.logRows, hint.count > 1 { hint.removeFirst() }
            for (row, line) in hint.prefix(layout.logRows).enumerated() {
                grid.put(" " + line, x: 0, y: layout.firstLogRow + row, style: .dim)
            }
            return
        }
        let visible = state.visibleLog
        if visible.isEmpty {
            grid.put(" no request matches the filter — / to change it", x: 0, y: layout.firstLogRow, style: .dim)
            return
        }
        let (first, cursor) = LogWindow.window(state, visible: visible, rows: layout.logRows)
        let shownTargets = visible[first..<min(visible.count, first + layout.logRows)].map { index in
            let line = state.log[index]
            guard line.marker == nil else { return 0 }
            let target = state.revealsSecrets ? (line.revealedTarget ?? line.target) : line.target
            return TerminalText.columns(options.shown(target))
        }
        let columns = Columns(width: layout.width, longestTarget: shownTargets.max() ?? 0)
        for row in 0..<layout.logRows {
            let position = first + row
            guard visible.indices.contains(position) else { break }
            let y = layout.firstLogRow + row
            let line = state.log[visible[position]]
            self.drawLine(
                line, marked: state.marks.contains(line.sequence), replayOf: state.replays[line.sequence],
                reveals: state.revealsSecrets, y: y, columns: columns, into: &grid, options: options)
            if state.focus == .log, position == cursor { grid.reverse(row: y) }
        }
    }

    private static func drawLine(
        _ line: LogLine, marked: Bool, replayOf: Int?, reveals: Bool, y: Int, columns: Columns,
        into grid: inout Grid, options: RenderOptions
    ) {
        if let marker = line.marker {
            self.drawMarker(marker, time: line.time, y: y, columns: columns, into: &grid, options: options)
            return
        }
        let statusColor = self.color(forStatus: line.status.code)
        let noStatusLine = line.status == .noStatusLine
        // A fault is a fault whether or not a status line went out first.
        let fault = noStatusLine || line.cutShort
        let failed = line.status.code >= 400 || fault
        let lineStyle = options.style(failed ? .color(fault ? .magenta : statusColor) : .plain)
        // A mark takes the margin, so it shows whatever the columns hold.
        var x = grid.put(
            marked ? "●" : " ", x: 0, y: y,
            style: marked ? options.style(.color(.cyan, bold: true)) : lineStyle)
        if columns.time > 0 {
            x = grid.put(
                TerminalText.pad(Format.clock(line.time, utcOffset: options.utcOffset), to: columns.time), x: x, y: y,
                style: failed ? lineStyle : .dim)
        }
        // Network text keeps its letters on a UTF-8 terminal, and is `\xHH`
        // bytes on any other.
        let method = options.shown(line.method)
        let target = options.shown(reveals ? (line.revealedTarget ?? line.target) : line.target)
        x = grid.put(TerminalText.pad(method, to: columns.method), x: x, y: y, style: lineStyle)
        x = grid.put(
            TerminalText.pad(target, to: columns.target, unicode: options.unicode), x: x, y: y, style: lineStyle)
        x = grid.put(" ", x: x, y: y, style: lineStyle)
        // A fault sends no status line at all.
        let status = noStatusLine ? "---" : String(line.status.code)
        x = grid.put(
            TerminalText.pad(status, to: columns.status), x: x, y: y,
            style: options.style(.color(fault ? .magenta : statusColor, bold: true)))
        x = grid.put(
            TerminalText.padLeft(Format.milliseconds(line.durationMS), to: columns.duration - 2) + "  ", x: x, y: y,
            style: lineStyle)
        if let rejection = line.rejection {
            grid.put(
                TerminalText.pad("REJECTED " + rejection, to: columns.info, unicode: options.unicode), x: x, y: y,
                style: options.style(.color(.red, bold: true)))
        } else if let invalid = line.invalid {
            grid.put(
                TerminalText.pad("INVALID " + invalid, to: columns.info, unicode: options.unicode), x: x, y: y,
                style: options.style(.color(.red, bold: true)))
        } else if let drift = line.drift {
            grid.put(
                TerminalText.pad("DRIFT " + drift, to: columns.info, unicode: options.unicode), x: x, y: y,
                style: options.style(.color(.yellow, bold: true)))
        } else if let limit = line.rateLimited {
            // Whether the app honours Retry-After is the news: an early
            // retry in red, a plain refusal in the 4xx colour.
            let candidates =
                line.retriedEarly.map { ["\($0) (\(limit))", $0] } ?? ["rate limited \(limit)", "limited"]
            let info = candidates.first { $0.count <= columns.info } ?? candidates.last!
            grid.put(
                TerminalText.pad(info, to: columns.info, unicode: options.unicode), x: x, y: y,
                style: options.style(.color(line.retriedEarly == nil ? .yellow : .red, bold: true)))
        } else if let upstream = line.upstream, line.upstreamFailed || line.unmatched {
            // What the upstream did is the news: a failure in red, and an
            // unmatched request that went through rather than a 404.
            grid.put(
                TerminalText.pad(upstream, to: columns.info, unicode: options.unicode), x: x, y: y,
                style: line.upstreamFailed ? options.style(.color(.red, bold: true)) : lineStyle)
        } else if line.unmatched {
            var info = "UNMATCHED"
            if let why = line.unmatchedWhy, columns.info > 14 {
                info += ": " + why
            } else if let closest = line.closest, columns.info > 14 {
                info += " \(options.arrow) \(closest)"
            }
            if columns.info < 9 { info = "UNMATCH" }
            grid.put(
                TerminalText.pad(options.shown(info), to: columns.info, unicode: options.unicode), x: x, y: y,
                style: options.style(.color(.magenta, bold: true)))
        } else {
            let replay = replayOf.map { "replay #\($0) " } ?? ""
            let info = replay + self.info(line, width: columns.info - replay.count, options: options)
            grid.put(
                TerminalText.pad(options.shown(info), to: columns.info, unicode: options.unicode), x: x, y: y,
                style: lineStyle)
        }
    }

    /// `12:01:05.000  login → server_error  (key)`: dim time, cyan text, no
    /// status or method columns, so it never reads as a request.
    private static func drawMarker(
        _ marker: String, time: Double, y: Int, columns: Columns, into grid: inout Grid, options: RenderOptions
    ) {
        var x = grid.put(" ", x: 0, y: y, style: .plain)
        if columns.time > 0 {
            x = grid.put(
                TerminalText.pad(Format.clock(time, utcOffset: options.utcOffset), to: columns.time), x: x, y: y,
                style: .dim)
        }
        let text = options.unicode ? marker : TerminalText.ascii(marker.replacingOccurrences(of: "→", with: "->"))
        let width = max(0, grid.width - x)
        grid.put(
            TerminalText.pad(text, to: width, unicode: options.unicode), x: x, y: y,
            style: options.style(.color(.cyan)))
    }

    /// `server_error (flaky) · 3g 150ms · slicer`: what the request got, the
    /// setting that chose it (none when the profile's faults did:
    /// `reset · lossy-3g`), the profile and the delay it drew, the toxics
    /// it went out with (`limit_data:10 cut` when they cut it). Parts are dropped,
    /// least useful first, until the text fits.
    static func info(_ line: LogLine, width: Int, options: RenderOptions) -> String {
        // A success that found no file is no success.
        if let missing = line.missingFixture { return "no fixture " + missing }
        var mode = line.mode ?? "-"
        var setting = line.setting.map { " (" + ($0.split(separator: ":").first.map(String.init) ?? $0) + ")" } ?? ""
        // A documented answer `Prefer` chose (`code=404`) is no plain
        // `success`: it reads as what it is.
        let answer = line.forced.answer.map(TerminalText.clean)
        if line.forced.mode != nil { setting = " (Prefer" + (answer.map { " " + $0 } ?? "") + ")" }
        if let answer, line.forced.mode == nil {
            mode = "Prefer " + answer
            setting = ""
        }
        // The network's fault: the profile beside it is the cause.
        if line.networkFault { setting = "" }
        let delay = line.delayMS > 0 ? Format.shortDelay(line.delayMS) : ""
        var latency = ""
        var profile = ""
        if let name = line.latency {
            // A profile the request asked for says so, as a mode does.
            let shown = line.forced.latency ? name + " (Prefer)" : name
            latency = options.separator + ([shown, delay].filter { !$0.isEmpty }.joined(separator: " "))
            profile = options.separator + shown
        }
        // The cause outlives the delay figure and then the profile:
        // `server_error (every)` must not read as the network's doing.
        var candidates = [mode + setting + latency, mode + setting + profile]
        if !setting.isEmpty { candidates.append(mode + setting) }
        candidates += [mode + latency, mode + (delay.isEmpty ? "" : " +" + delay)]
        if !line.toxics.isEmpty {
            // A cut by `limit_data` is why a 200 is drawn as a fault: say so.
            let cut = line.cutShort && line.mode != Mode.truncated.name ? " cut" : ""
            let toxics = options.separator + line.toxics.description + cut + (line.forced.toxics ? " (Prefer)" : "")
            candidates =
                [mode + setting + latency + toxics, mode + latency + toxics, mode + toxics]
                + [mode + " " + line.toxics.short + cut] + candidates
        }
        return candidates.first { TerminalText.columns($0) <= width } ?? candidates.last!
    }

    static func color(forStatus status: Int) -> Color? {
        switch status {
        case 200..<300: .green
        case 300..<400: .cyan
        case 400..<500: .yellow
        case 500...: .red
        default: nil
        }
    }

    /// The empty log's hint in lines of at most `width` columns
    /// (`ExampleRequest.lines`).
    static func hint(_ example: ExampleRequest, serverURL: String, width: Int, options: RenderOptions) -> [String] {
        example.lines(lead: "waiting for requests — try:", serverURL: serverURL, width: width, shown: options.shown)
    }

    /// A request to suggest in the empty log: the first GET endpoint that
    /// needs no values, else the first GET with its values filled in.
    private static func example(_ state: AppState) -> ExampleRequest {
        let gets = state.endpoints.filter { $0.method == "GET" }
        return (gets.first { !$0.example.needsValues } ?? gets.first)?.example ?? ExampleRequest(path: "/")
    }
}
