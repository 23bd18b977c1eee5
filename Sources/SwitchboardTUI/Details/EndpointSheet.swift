public import DequeModule
public import SwitchboardCore
import SwitchboardModel

/// What one endpoint serves, opened with `enter` on its row: how it is set,
/// what a request needs to reach it, each response with a preview of its
/// body, and its last requests. Opening it changes nothing.
public enum EndpointSheet {
    /// Body lines previewed per response.
    static let previewLines = 4
    /// Recent requests listed.
    static let recentCount = 5

    /// `width`: the columns a line may take, for the `try:` command.
    public static func view(
        _ endpoint: EndpointDefinition, row: EndpointRow, log: Deque<LogLine>, serverURL: String, latencyLabel: String,
        width: Int = .max
    ) -> DetailsView {
        var lines: [DetailsView.Line] = []
        // Every setting that shapes the answers, so a limited or toxic
        // endpoint never reads like a plain one.
        var now = ["now: \(row.modeLabel)", "latency \(latencyLabel)"]
        if let limit = row.rateLimitWords { now.append(limit) }
        if !row.toxics.isEmpty { now.append("toxics \(row.toxics.description)") }
        now.append("\(Format.count(row.hits)) hit\(row.hits == 1 ? "" : "s")")
        if row.isChanged { now.append("changed (r resets)") }
        lines.append(.init(now.joined(separator: " · "), .color(.cyan)))
        lines.append(.init(""))
        lines.append(.init("REQUIRES", .bold))
        for requirement in endpoint.query {
            lines.append(.init("  query \(TerminalText.clean(requirement.name))=\(self.value(requirement))"))
        }
        for requirement in endpoint.headers {
            lines.append(.init("  header \(TerminalText.clean(requirement.name)): \(self.value(requirement))"))
        }
        for requirement in endpoint.body {
            lines.append(.init("  \(TerminalText.clean(requirement.description))"))
        }
        if endpoint.requirementCount == 0 {
            lines.append(.init("  nothing beyond the method and path", .dim))
        }
        // Broken between arguments, never inside the URL where it fits
        // on a line: the command is there to be copied.
        for line in row.example.lines(
            lead: "  try:", indent: "  ", continuation: "", serverURL: serverURL, method: row.method, width: width,
            shown: { $0 })
        {
            lines.append(.init(line, .dim))
        }
        lines.append(.init(""))
        lines.append(.init("RESPONSES", .bold))
        lines += self.response("success", endpoint.success)
        lines += self.response("error", endpoint.error)
        lines += self.response("server_error", endpoint.serverError)
        if !endpoint.sequence.isEmpty {
            lines.append(.init("  sequence  " + endpoint.sequence.map(\.name).joined(separator: " → "), .bold))
        }
        if let upstream = endpoint.upstream {
            lines.append(.init("  live  to \(TerminalText.clean(upstream.description))", .bold))
        }
        lines.append(
            .init(
                "  " + Fault.allCases.map(\.name).joined(separator: " · ")
                    + "  connection faults, no response of their own", .dim))
        lines.append(.init(""))
        lines.append(.init("LAST REQUESTS", .bold))
        let recent = log.filter { $0.endpointID == endpoint.id }.suffix(self.recentCount)
        if recent.isEmpty { lines.append(.init("  none yet", .dim)) }
        for line in recent {
            let status = line.status == .noStatusLine ? "---" : String(line.status.code)
            let style: Style =
                line.status.code >= 400 || line.status == .noStatusLine || line.cutShort
                ? .color(
                    line.status == .noStatusLine || line.cutShort
                        ? .magenta : LogView.color(forStatus: line.status.code))
                : .plain
            // The log's words for what answered, so a `limit_data` cut
            // reads as one (`success · limit_data:1024 cut`), not as a 200.
            let answer = LogView.info(line, width: .max, options: RenderOptions())
            let tail = "  \(status)  \(answer)  " + Format.milliseconds(line.durationMS)
            var sheetLine = DetailsView.Line("  #\(line.sequence)  \(line.method) \(line.target)" + tail, style)
            sheetLine.revealed = line.revealedTarget.map { "  #\(line.sequence)  \(line.method) \($0)" + tail }
            lines.append(sheetLine)
        }
        return DetailsView(
            title: "\(TerminalText.clean(endpoint.id))  \(TerminalText.clean(endpoint.signature))", lines: lines,
            heading: "ENDPOINT")
    }

    private static func value(_ requirement: ValueRequirement) -> String {
        requirement.value.map(TerminalText.clean) ?? "any value"
    }

    /// `success  200  weather.json…`: the status, the headers the manifest
    /// sets, and the start of the body.
    static func response(_ mode: String, _ response: ResponseDefinition) -> [DetailsView.Line] {
        var lines = [
            DetailsView.Line(
                "  \(mode)  \(response.status) \(HTTPStatusText.phrase(.answered(response.status)))", .bold)
        ]
        for header in response.headers {
            lines.append(
                Credentials.line(
                    indent: "    ", name: TerminalText.clean(header.name), value: TerminalText.clean(header.value),
                    rawName: header.name))
        }
        switch response.body {
        case .fixed(let body):
            lines += self.preview(body, type: self.type(response, body))
        case .perRequestFile(let pattern, let files):
            lines.append(
                .init("    file \(TerminalText.clean(pattern.text)) · \(Format.count(files.count)) files", .dim))
            if let first = files.keys.sorted().first, let body = files[first] {
                lines.append(.init("    \(TerminalText.clean(first)):", .dim))
                lines += self.preview(body, type: self.type(response, body))
            }
        }
        return lines
    }

    private static func type(_ response: ResponseDefinition, _ body: FixtureBody) -> String? {
        body.contentType ?? response.headers.first { $0.name.lowercased() == "content-type" }?.value
    }

    private static func preview(_ body: FixtureBody, type: String?) -> [DetailsView.Line] {
        let bytes: [UInt8]
        switch body.content {
        case .bytes(let content): bytes = content
        case .generated(let generated): bytes = generated.value
        case .template(let template): bytes = Array(template.text.utf8)
        case .file(let path, let size):
            return [.init("    \(TerminalText.clean(path)) (\(Format.count(size)) bytes, read per request)", .dim)]
        }
        let all = DetailsFormatter.body("", bytes, size: bytes.count, type: type)
        // The formatter's title line, then the body; indented under the mode.
        var lines = all.prefix(1 + self.previewLines).enumerated().map { index, line in
            index == 0
                ? DetailsView.Line("    " + line.text.drop { $0 == " " }, .dim)
                : DetailsView.Line("  " + line.text, line.style)
        }
        if all.count > 1 + self.previewLines { lines.append(.init("      …", .dim)) }
        return lines
    }
}
