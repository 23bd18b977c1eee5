import ArgumentParser

struct ScenarioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "Apply a named scenario from the manifest on a running Switchboard (no name: list them)."
    )

    @Argument(help: "The scenario to apply.")
    var name: String?

    @OptionGroup var control: ControlOptions

    func run() async throws {
        let client = self.control.client
        guard let name = self.name else {
            let names = try await controlCall { try await client.scenarios() }.scenarios.map(\.name)
            print(names.isEmpty ? "the manifest declares no scenarios" : names.joined(separator: "\n"))
            return
        }
        try await controlCall { try await client.applyScenario(name) }
        print("scenario \(name) applied")
    }
}
