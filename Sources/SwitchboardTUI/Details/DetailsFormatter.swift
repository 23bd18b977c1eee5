public import SwitchboardCore
import SwitchboardModel

/// Turns one journal entry into the lines of the details view: request,
/// response, and what Switchboard did. Everything from the network is
/// escaped; JSON bodies are indented; binary bodies are described.
public enum DetailsFormatter {
    /// Lines shown of one body at most.
    static let bodyLineLimit = 2_000

    public static func view(_ entry: JournalEntry, signature: String?) -> DetailsView {
        var lines: [DetailsView.Line] = []
        let details = entry.details
        let version = details?.httpVersion ?? "HTTP/1.1"
        let method = TerminalText.escapeNetwork(entry.method)
        let target = TerminalText.escapeNetwork(Credentials.maskedTarget(entry.target) ?? entry.target)
        // With a credential in the query, the title and request line are
        // masked and `v` shows them as sent.
        let revealedTarget = Credentials.maskedTarget(entry.target).map { _ in TerminalText.escapeNetwork(entry.target)
        }
        let title = "#\(entry.sequence)  \(method) \(target)"
        var requestLine = DetailsView.Line("\(method) \(target) \(version)", .bold)
        requestLine.revealed = revealedTarget.map { "\(method) \($0) \(version)" }
        lines.append(requestLine)
        lines.append(.init(self.summary(entry, signature: signature), .color(.cyan)))
        lines += TimingLines.lines(entry)
        if let unmatched = entry.unmatched {
            lines.append(.init("unmatched: \(TerminalText.clean(unmatched.reason))", .color(.magenta, bold: true)))
        }
        if let rejection = entry.rejection {
            lines.append(.init("rejected: \(TerminalText.clean(rejection))", .color(.magenta, bold: true)))
        }
        Self.violations(entry.invalid, "invalid: breaks the OpenAPI description", .red, into: &lines)
        Self.violations(
            entry.drift, "drift: the real API's answer breaks the OpenAPI description", .yellow, into: &lines)
        guard let details else {
            lines.append(.init(""))
            lines.append(
                entry.rejection == nil
                    ? .init("Headers and bodies are no longer kept for this request (journal memory budget).", .dim)
                    : .init("Refused before its headers were read: there are no headers or body to show.", .dim))
            return Self.view(title: title, revealedTarget: revealedTarget, lines: lines, entry: entry)
        }
        lines.append(.init(""))
        lines.append(.init("REQUEST HEADERS", .bold))
        lines += self.headers(details.requestHeaders)
        let query = RequestTarget(uri: entry.target).query
        if !query.isEmpty {
            lines.append(.init("QUERY", .bold))
            for item in query {
                lines.append(Credentials.queryLine(name: item.name, value: item.value))
            }
        }
        lines += self.body(
            "REQUEST BODY", details.requestBody, size: details.requestBodySize,
            type: details.requestHeader("Content-Type"))
        lines.append(.init(""))
        if entry.status == .noStatusLine {
            lines.append(
                .init("RESPONSE  none: the connection was \(self.faultWords(entry.mode))", .color(.magenta, bold: true))
            )
            return Self.view(title: title, revealedTarget: revealedTarget, lines: lines, entry: entry)
        }
        if entry.rejection != nil && details.responseHeaders.isEmpty {
            lines.append(.init("RESPONSE  none was sent", .color(.magenta, bold: true)))
            return Self.view(title: title, revealedTarget: revealedTarget, lines: lines, entry: entry)
        }
        let phrase = HTTPStatusText.phrase(entry.status)
        lines.append(
            .init(
                "RESPONSE \(entry.status.code) \(phrase)",
                .color(LogView.color(forStatus: entry.status.code), bold: true)))
        lines += self.headers(details.responseHeaders)
        lines += self.body(
            "RESPONSE BODY", details.responseBody, size: details.responseBodySize,
            type: details.responseHeader("Content-Type"))
        return Self.view(title: title, revealedTarget: revealedTarget, lines: lines, entry: entry)
    }

    private static func view(
        title: String, revealedTarget: String?, lines: [DetailsView.Line], entry: JournalEntry
    ) -> DetailsView {
        var view = DetailsView(title: title, lines: lines, sequence: entry.sequence)
        view.revealedTitle = revealedTarget.map {
            "#\(entry.sequence)  \(TerminalText.escapeNetwork(entry.method)) \($0)"
        }
        return view
    }

    /// `heading`, then each violation on its own line.
    private static func violations(
        _ violations: [ContractViolation], _ heading: String, _ color: Color, into lines: inout [DetailsView.Line]
    ) {
        guard !violations.isEmpty else { return }
        lines.append(.init(heading, .color(color, bold: true)))
        for violation in violations {
            lines.append(.init("  \(TerminalText.clean(violation.description))", .color(color)))
        }
    }

    /// `endpoint weather (GET /weather) · server_error (flaky:25) · 3g, 150ms injected · toxics slicer · took 152 ms`
    static func summary(_ entry: JournalEntry, signature: String?) -> String {
        var parts: [String] = []
        if let id = entry.endpointID {
            parts.append(
                "endpoint \(TerminalText.clean(id))" + (signature.map { " (\(TerminalText.clean($0)))" } ?? ""))
        } else {
            parts.append("no endpoint matched")
        }
        if let mode = entry.mode {
            let answer = entry.forced.answer.map(TerminalText.clean)
            if let forced = entry.forced.mode {
                // The endpoint's own setting is not what chose it.
                let asked = (forced == mode ? "" : " \(forced.name)") + (answer.map { " " + $0 } ?? "")
                parts.append("\(mode.name) (Prefer\(asked); endpoint set to \((entry.setting ?? mode).name))")
            } else if let answer {
                parts.append("Prefer \(answer) (endpoint set to \((entry.setting ?? mode).name))")
            } else {
                // A network fault names its profile, not the setting it overruled.
                let cause = entry.networkFault ? entry.latency.map(TerminalText.clean) : entry.setting?.name
                parts.append(mode.name + (cause.map { " (\($0))" } ?? ""))
            }
        }
        if let reason = entry.missingFixture.map({ "no fixture " + $0 }) {
            parts.append(TerminalText.clean(reason))
        }
        if let latency = entry.latency {
            let prefer = entry.forced.latency ? " (Prefer)" : ""
            parts.append(
                "latency \(TerminalText.clean(latency))\(prefer), \(DurationText.format(entry.injectedDelay)) injected")
        }
        if !entry.toxics.isEmpty { parts.append("toxics \(entry.toxics)" + (entry.forced.toxics ? " (Prefer)" : "")) }
        parts.append("took \(Format.milliseconds(entry.duration.milliseconds))")
        return parts.joined(separator: " · ")
    }

    static func headers(_ headers: [HeaderField]) -> [DetailsView.Line] {
        if headers.isEmpty { return [.init("  (none)", .dim)] }
        return headers.map { header in
            Credentials.line(
                indent: "  ", name: TerminalText.escapeNetwork(header.name),
                value: TerminalText.escapeNetwork(header.value), rawName: header.name)
        }
    }

    public static func body(_ title: String, _ bytes: [UInt8], size: Int, type: String?) -> [DetailsView.Line] {
        let typeText = type.map { ", \(TerminalText.escapeNetwork($0))" } ?? ""
        guard size > 0 else { return [.init("\(title)  (empty)", .bold)] }
        var lines = [DetailsView.Line("\(title)  (\(Format.count(size)) bytes\(typeText))", .bold)]
        let bodyLines: [String]
        if let text = Self.utf8Text(bytes, cut: bytes.count < size), Self.looksLikeText(text) {
            let isJSON =
                ContentTypes.isJSON(type)
                || text.first(where: { !$0.isWhitespace }).map { $0 == "{" || $0 == "[" } == true
            let raw =
                isJSON
                ? JSONPretty.lines(lenient: text)
                : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            bodyLines = raw.map { TerminalText.escapeNetwork($0, doublesBackslash: false) }
        } else if Self.isMostlyText(bytes) {
            // Text with some bytes that are not UTF-8 (Latin-1, a cut
            // character): each such byte is shown as `\xHH`, as sent.
            bodyLines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map {
                TerminalText.escapeBytes($0, doublesBackslash: false)
            }
        } else {
            lines.append(.init("  binary, not shown", .dim))
            return lines
        }
        for line in bodyLines.prefix(self.bodyLineLimit) {
            lines.append(.init("  " + line))
        }
        if bodyLines.count > self.bodyLineLimit {
            lines.append(.init("  … \(Format.count(bodyLines.count - self.bodyLineLimit)) more lines", .dim))
        }
        if bytes.count < size {
            lines.append(.init("  … \(Format.count(size - bytes.count)) more bytes were not kept", .dim))
        }
        return lines
    }

    /// The bytes as text, if they are UTF-8; a body cut short may end in
    /// the middle of a character, which is dropped.
    static func utf8Text(_ bytes: [UInt8], cut: Bool) -> String? {
        for drop in 0...(cut ? 3 : 0) where bytes.count >= drop {
            if let text = UTF8Text.decode(bytes.dropLast(drop)) { return text }
        }
        return nil
    }

    /// Text with control characters other than tab and line breaks is
    /// treated as binary.
    private static func looksLikeText(_ text: String) -> Bool {
        var controls = 0
        for scalar in text.unicodeScalars.prefix(4096)
        where scalar.value < 0x20 && scalar != "\n" && scalar != "\r" && scalar != "\t" {
            controls += 1
        }
        return controls == 0
    }

    /// Bytes without control characters (but tab and line breaks) of which
    /// few are not part of valid UTF-8 (eight, or one in eight).
    static func isMostlyText(_ bytes: [UInt8]) -> Bool {
        let sample = Array(bytes.prefix(4096))
        var invalid = 0
        var index = 0
        while index < sample.count {
            let byte = sample[index]
            if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F { return false }
            if let (_, length) = TerminalText.scalar(in: sample, at: index) {
                index += length
            } else {
                invalid += 1
                index += 1
            }
        }
        return invalid <= max(8, sample.count / 8)
    }

    private static func faultWords(_ mode: Mode?) -> String {
        if case .fault(let fault)? = mode { return fault.connectionWords }
        return "closed"
    }
}
