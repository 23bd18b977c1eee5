import ArgumentParser

struct ResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Return every endpoint (or one) of a running Switchboard to the manifest's starting state."
    )

    @Argument(help: "One endpoint to reset (an id or METHOD PATH); all when left out.")
    var endpoint: [String] = []

    @OptionGroup var control: ControlOptions

    func run() async throws {
        let client = self.control.client
        if self.endpoint.isEmpty {
            try await controlCall { try await client.reset(nil) }
            print("every endpoint reset")
        } else {
            let id = try await controlCall { try await client.resolveEndpoint(self.endpoint) }
            try await controlCall { try await client.reset(id) }
            print("\(id) reset")
        }
    }
}
