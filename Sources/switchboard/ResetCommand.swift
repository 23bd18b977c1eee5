import ArgumentParser
import SwitchboardClient
import SwitchboardCore

struct ResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Return every endpoint (or one) of a running Switchboard to the manifest's starting state.",
        discussion: """
            `switchboard reset` (or `switchboard reset all`) resets every endpoint; \
            `switchboard reset coinlist` or `switchboard reset POST /login` one.
            """
    )

    @Argument(help: "One endpoint to reset (an id or METHOD PATH); all when left out or 'all'.")
    var endpoint: [String] = []

    @OptionGroup var control: ControlOptions

    func run() async throws {
        let client = self.control.client
        let lookup: EndpointLookup? =
            self.endpoint.isEmpty ? nil : try await controlCall(client) { try await client.endpointLookup() }
        // `all` is every endpoint, as a person means it, unless an endpoint
        // has that id.
        if let lookup, !Self.meansAll(self.endpoint, lookup) {
            let id = try await controlCall(client) { try SwitchboardClient.resolve(self.endpoint, in: lookup) }
            try await controlCall(client) { try await client.reset(id) }
            Console.out("\(id) reset")
        } else {
            try await controlCall(client) { try await client.reset(nil) }
            Console.out("every endpoint reset")
        }
    }

    private static func meansAll(_ words: [String], _ lookup: EndpointLookup) -> Bool {
        words == ["all"] && !lookup.entries.contains { $0.id == "all" }
    }
}
