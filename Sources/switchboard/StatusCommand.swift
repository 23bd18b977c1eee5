import ArgumentParser
import Foundation

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the endpoints of a running Switchboard and how each is set."
    )

    @OptionGroup var control: ControlOptions

    @Flag(help: "Print the control API's JSON instead of a table.")
    var json = false

    func run() throws {
        let panel = try controlCall { try self.control.client.send("GET", "endpoints") } as? [String: Any] ?? [:]
        if self.json {
            let data = try JSONSerialization.data(withJSONObject: panel, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        print(StatusTable.render(panel, url: self.control.url))
    }
}

/// The `status` table.
enum StatusTable {
    static func render(_ panel: [String: Any], url: String) -> String {
        let endpoints = panel["endpoints"] as? [[String: Any]] ?? []
        let scenario = panel["scenario"] as? String ?? "-"
        let total = panel["total_requests"] as? Int ?? 0
        var rows = [["ID", "METHOD", "PATH", "MODE", "LATENCY", "HITS", "LAST"]]
        for endpoint in endpoints {
            let last = endpoint["last_status"] as? Int
            rows.append([
                endpoint["id"] as? String ?? "?", endpoint["method"] as? String ?? "?",
                endpoint["path"] as? String ?? "?",
                endpoint["mode"] as? String ?? "?", endpoint["latency"] as? String ?? "-",
                String(endpoint["hits"] as? Int ?? 0), last.map(String.init) ?? "-",
            ])
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = ["Switchboard at \(url) — \(total) requests, scenario: \(scenario)"]
        for row in rows {
            let cells = row.enumerated().map { index, cell in
                index == 5 || index == 6
                    ? String(repeating: " ", count: widths[index] - cell.count) + cell
                    : cell + String(repeating: " ", count: widths[index] - cell.count)
            }
            lines.append(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
        return lines.joined(separator: "\n")
    }
}
