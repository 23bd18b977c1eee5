import ArgumentParser
import SwitchboardCore

@main
struct SwitchboardCommand: ParsableCommand {
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
}
