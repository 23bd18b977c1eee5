import ArgumentParser
import Foundation
import SwitchboardClient
import SwitchboardControl
import SwitchboardModel
import SwitchboardTUI

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the endpoints of a running Switchboard and how each is set."
    )

    @OptionGroup var control: ControlOptions

    @Flag(help: "Print the control API's JSON instead of a table.")
    var json = false

    func run() async throws {
        let client = self.control.client
        let panel = try await controlCall(client) { try await client.status() }
        if self.json {
            let encoder = ControlCoding.encoder()
            encoder.outputFormatting.insert(.prettyPrinted)
            print(String(decoding: try encoder.encode(panel), as: UTF8.self))
            return
        }
        Console.out(StatusTable.render(panel, url: self.control.url))
    }
}

/// The `status` table: every setting a person can flip, so a limited or
/// toxic endpoint never looks like a plain one, and a count rule shows how
/// far it has got. Cells are escaped as the screen escapes them and padded
/// by the columns a terminal gives them (`/café/東京` takes 10), so every
/// row lines up under its header.
enum StatusTable {
    static func render(_ panel: PanelStatus, url: String) -> String {
        var rows = [["ID", "METHOD", "PATH", "MODE", "LATENCY", "LIMIT", "TOXICS", "HITS", "LAST"]]
        for endpoint in panel.endpoints {
            rows.append(
                [
                    endpoint.id, endpoint.method, endpoint.path, self.mode(endpoint), endpoint.latency ?? "-",
                    self.limit(endpoint), endpoint.toxics?.joined(separator: ",") ?? "-",
                    String(endpoint.hits), endpoint.lastStatus.map(String.init) ?? "-",
                ].map(TerminalText.clean))
        }
        let rightAligned: Set = [7, 8]
        let widths = (0..<rows[0].count).map { column in rows.map { TerminalText.columns($0[column]) }.max() ?? 0 }
        // A running drill takes the scenario's place, as in the screen's header.
        let scenario =
            panel.drill.map(self.drill)
            ?? "scenario: " + TerminalText.clean(panel.scenarioLabel?.description ?? "-")
        var lines = ["Switchboard at \(url) — \(panel.totalRequests) requests, " + scenario]
        for row in rows {
            let cells = row.enumerated().map { index, cell in
                let gap = String(repeating: " ", count: widths[index] - TerminalText.columns(cell))
                return rightAligned.contains(index) ? gap + cell : cell + gap
            }
            lines.append(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
        return lines.joined(separator: "\n")
    }

    /// `drill bad-day 2/3, next in 18s`: the header's words
    /// (`DrillStatus.label`), the countdown from when the server answered.
    static func drill(_ drill: SwitchboardControl.DrillStatus) -> String {
        SwitchboardTUI.DrillStatus(
            name: drill.name, step: drill.applied > 0 ? drill.applied : nil, steps: drill.steps,
            nextDue: drill.nextInMS.map { Double($0) / 1000 }
        ).label(at: 0)
    }

    /// `fail_first:2 (1 of 2 failed)`: a count rule with its progress.
    static func mode(_ endpoint: EndpointStatus) -> String {
        guard let counted = endpoint.counted, case .rule(let rule)? = Mode(name: endpoint.mode) else {
            return endpoint.mode
        }
        return "\(endpoint.mode) (\(rule.progress(counted: counted).long))"
    }

    /// `5/s`, `2/s per X-Client`, or `-`.
    static func limit(_ endpoint: EndpointStatus) -> String {
        guard let limit = endpoint.rateLimit else { return "-" }
        return RateLimitKeyChoice.limitText(limit, key: endpoint.rateLimitKey)
    }
}
