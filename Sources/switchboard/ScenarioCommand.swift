import ArgumentParser

struct ScenarioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "Apply a named scenario from the manifest on a running Switchboard (no name: list them)."
    )

    @Argument(help: "The scenario to apply.")
    var name: String?

    @OptionGroup var control: ControlOptions

    func run() throws {
        let client = self.control.client
        guard let name = self.name else {
            let listing = try controlCall { try client.send("GET", "scenarios") } as? [String: Any] ?? [:]
            let names = (listing["scenarios"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            print(names.isEmpty ? "the manifest declares no scenarios" : names.joined(separator: "\n"))
            return
        }
        _ = try controlCall { try client.send("POST", "scenarios/\(name)") }
        print("scenario \(name) applied")
    }
}
