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
            RunCommand.self, ServeCommand.self, CheckCommand.self, ImportCommand.self, StatusCommand.self,
            SetCommand.self,
            ScenarioCommand.self, ResetCommand.self, RecordCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// ArgumentParser's own `main`, but on the main actor: the screen and
    /// `serve` block their thread until quit, which must be the main thread
    /// as before, never one of the few that async work runs on. The control
    /// commands' `run()` leave it for their network calls.
    ///
    /// Blocking the main actor for `run` and `serve` is safe because nothing
    /// in Sources ever hops to it: no `@MainActor` code but this, no
    /// `DispatchQueue.main`, no main run loop; the server's work runs on
    /// NIO's event loops and thread pool, the screen's on this thread. What
    /// would break it: any `@MainActor` function, `MainActor.run`, or main
    /// queue dispatch reached while the screen or `serve` is up (from a
    /// listener, a signal handler, a `Task`); it would wait for quit, and a
    /// synchronous wait for it would deadlock.
    @MainActor static func main() async {
        if let typo = Self.mistypedCommand(CommandLine.arguments.dropFirst().first) {
            Console.error("switchboard: unknown command '\(typo.word)' — did you mean '\(typo.command)'?")
            Self.exit(withError: ExitCode.validationFailure)
        }
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
