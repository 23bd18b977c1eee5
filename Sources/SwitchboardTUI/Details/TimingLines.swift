import SwitchboardCore

/// The details view's account of where a request's time went, and which
/// setting answered it: what someone testing a client's timeouts and
/// retries reads first.
enum TimingLines {
    /// `timing  delay 150 ms · first byte 152 ms · body 1.1 s · total 1.25 s`
    static func lines(_ entry: JournalEntry) -> [DetailsView.Line] {
        let total = entry.duration.milliseconds
        var parts = [
            entry.injectedDelay > .zero
                ? "waited \(Format.milliseconds(entry.injectedDelay.milliseconds)) for the delay" : "no delay"
        ]
        if let firstByte = entry.firstByte {
            parts.append("first byte \(Format.milliseconds(firstByte.milliseconds))")
            parts.append("body \(Format.milliseconds(max(0, total - firstByte.milliseconds)))")
        } else if entry.status == .noStatusLine {
            parts.append("no byte of an answer sent")
        }
        parts.append("total \(Format.milliseconds(total))")
        var lines = [DetailsView.Line("timing  " + parts.joined(separator: " · "), .color(.cyan))]
        if entry.networkFault, let mode = entry.mode {
            let profile = entry.latency.map(TerminalText.clean) ?? "the latency profile"
            let overruled = (entry.setting ?? entry.mode).map { ", not the setting \($0.name)" } ?? ""
            lines.append(.init("\(mode.name) drawn by the network (\(profile))\(overruled)", .color(.blue)))
        } else if let forced = entry.forced.mode, let mode = entry.mode {
            let chose = forced == mode ? "" : ", which chose \(mode.name)"
            let answer = entry.forced.answer.map { ", " + TerminalText.clean($0) } ?? ""
            lines.append(
                .init("asked for by the request (Prefer: mode=\(forced.name)\(answer))\(chose)", .color(.blue)))
        } else if let answer = entry.forced.answer {
            lines.append(.init("asked for by the request (Prefer: \(TerminalText.clean(answer)))", .color(.blue)))
        } else if let setting = entry.setting, let mode = entry.mode {
            lines.append(.init("answered by the setting \(setting.name), which chose \(mode.name)", .color(.blue)))
        }
        return lines
    }
}
