import ArgumentParser

struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Return every endpoint (or one) of a running Switchboard to the manifest's starting state."
    )

    @Argument(help: "One endpoint to reset (an id or METHOD PATH); all when left out.")
    var endpoint: [String] = []

    @OptionGroup var control: ControlOptions

    func run() throws {
        let client = self.control.client
        if self.endpoint.isEmpty {
            _ = try controlCall { try client.send("POST", "reset") }
            print("every endpoint reset")
        } else {
            let id = try controlCall { try client.resolveEndpoint(self.endpoint) }
            _ = try controlCall { try client.send("POST", "endpoints/\(id)/reset") }
            print("\(id) reset")
        }
    }
}
