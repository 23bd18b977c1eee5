import ArgumentParser
import SwitchboardCore

@main
struct SwitchboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchboard",
        abstract: "A fake HTTP API with a control panel in your terminal.",
        discussion: """
            Serves the endpoints declared in DIR/switchboard.yml and shows them on a screen where \
            each can be flipped between success, error and server_error, given latency, and \
            watched live. With no command, starts the screen on ./fixtures.
            """,
        version: SwitchboardVersion.current,
        subcommands: [
            RunCommand.self, ServeCommand.self, CheckCommand.self, StatusCommand.self, SetCommand.self,
            ScenarioCommand.self, ResetCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// ArgumentParser's own `main`, but on the main actor: the screen and
    /// `serve` block their thread until quit, which must be the main thread
    /// as before, never one of the few that async work runs on. The control
    /// commands' `run()` leave it for their network calls.
    @MainActor static func main() async {
        do {
            var command = try Self.parseAsRoot()
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            Self.exit(withError: error)
        }
    }
}
