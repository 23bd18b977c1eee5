import ArgumentParser
import Foundation
import SwitchboardClient

/// Where the running instance is, for the commands that drive it.
struct ControlOptions: ParsableArguments {
    @Option(help: "The running Switchboard; also read from SWITCHBOARD_URL.")
    var url: String = ProcessInfo.processInfo.environment["SWITCHBOARD_URL"] ?? "http://127.0.0.1:8080"

    @Option(
        help:
            "The token it was started with (--control-token); also read from SWITCHBOARD_TOKEN, else SWITCHBOARD_CONTROL_TOKEN."
    )
    var token: String?

    func validate() throws {
        guard let url = URL(string: self.url), url.scheme == "http", url.host != nil else {
            throw ValidationError(
                "--url (or SWITCHBOARD_URL) should look like http://127.0.0.1:8080, not '\(self.url)'")
        }
    }

    var client: SwitchboardClient {
        SwitchboardClient.commandLine(
            url: URL(string: self.url)!,
            token: self.token ?? ProcessInfo.processInfo.environment["SWITCHBOARD_TOKEN"]
                ?? ProcessInfo.processInfo.environment[ServerOptions.tokenVariable])
    }
}

/// Runs a control call of `client`, turning its failure into one sentence
/// and exit 1.
func controlCall<T>(_ client: SwitchboardClient, _ work: () async throws -> T) async throws -> T {
    let sentence: String
    do {
        return try await work()
    } catch let failure as SwitchboardError {
        sentence = client.sentence(for: failure)
    } catch let failure as CommandFailure {
        sentence = failure.description
    }
    // The server's sentence may quote what it was given (an endpoint id).
    Console.error("switchboard: " + sentence)
    throw ExitCode.failure
}
