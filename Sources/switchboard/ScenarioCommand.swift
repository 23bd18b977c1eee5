import ArgumentParser
import SwitchboardClient
import SwitchboardControl

struct ScenarioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract:
            "Apply a named scenario from the manifest, or start a drill, on a running Switchboard (no name: list them)."
    )

    @Argument(help: "The scenario to apply.")
    var name: String?

    @OptionGroup var control: ControlOptions

    func run() async throws {
        let client = self.control.client
        guard let name = self.name else {
            let scenarios = try await controlCall(client) { try await client.scenarios() }.scenarios
            Console.out(scenarios.isEmpty ? "the manifest declares no scenarios" : ScenarioText.list(scenarios))
            return
        }
        let panel = try await controlCall(client) { try await client.apply(scenario: name) }
        if let drill = panel.drill, drill.name == name {
            Console.out(ScenarioText.started(drill))
        } else {
            Console.out("scenario \(name) applied")
        }
    }
}
