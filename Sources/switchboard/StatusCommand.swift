import ArgumentParser
import Foundation
import SwitchboardControl
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
        let panel = try await controlCall { try await client.panel() }
        if self.json {
            let encoder = ControlCoding.encoder()
            encoder.outputFormatting.insert(.prettyPrinted)
            print(String(decoding: try encoder.encode(panel), as: UTF8.self))
            return
        }
        print(StatusTable.render(panel, url: self.control.url))
    }
}

/// The `status` table. Cells are escaped as the screen escapes them and
/// padded by the columns a terminal gives them (`/café/東京` takes 10), so
/// every row lines up under its header.
enum StatusTable {
    static func render(_ panel: PanelStatus, url: String) -> String {
        var rows = [["ID", "METHOD", "PATH", "MODE", "LATENCY", "HITS", "LAST"]]
        for endpoint in panel.endpoints {
            rows.append(
                [
                    endpoint.id, endpoint.method, endpoint.path, endpoint.mode, endpoint.latency ?? "-",
                    String(endpoint.hits), endpoint.lastStatus.map(String.init) ?? "-",
                ].map(TerminalText.clean))
        }
        let widths = (0..<rows[0].count).map { column in rows.map { TerminalText.columns($0[column]) }.max() ?? 0 }
        var lines = [
            "Switchboard at \(url) — \(panel.totalRequests) requests, scenario: "
                + TerminalText.clean(panel.scenarioLabel?.description ?? "-")
        ]
        for row in rows {
            let cells = row.enumerated().map { index, cell in
                let gap = String(repeating: " ", count: widths[index] - TerminalText.columns(cell))
                return index == 5 || index == 6 ? gap + cell : cell + gap
            }
            lines.append(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
        return lines.joined(separator: "\n")
    }
}
