import ArgumentParser
import SwitchboardCore

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change an endpoint's mode (and latency) on a running Switchboard.",
        discussion: """
            ENDPOINT is an id (`coinlist`) or METHOD PATH (`GET /episodes/3` or `GET /episodes/:episode`). \
            Examples: `switchboard set coinlist server_error`, `switchboard set POST /login error`, \
            `switchboard set weather flaky:25 --latency 3g`, `switchboard set weather --latency none`.
            """
    )

    @Argument(help: "ENDPOINT then MODE; MODE may be left out when --latency is given.")
    var words: [String]

    @Option(help: "A latency profile, or 'none'.")
    var latency: String?

    @OptionGroup var control: ControlOptions

    func validate() throws {
        if self.words.isEmpty {
            throw ValidationError("name an endpoint and a mode, e.g. `switchboard set coinlist error`")
        }
    }

    func run() throws {
        var words = self.words
        var mode: String?
        if let last = words.last, words.count > 1, Mode(name: last) != nil || self.latency == nil {
            mode = last
            words.removeLast()
        }
        if mode == nil && self.latency == nil {
            throw ValidationError("give a mode (\(Mode.names.joined(separator: ", "))) or --latency")
        }
        let client = self.control.client
        let id = try controlCall { try client.resolveEndpoint(words) }
        var change: [String: Any] = [:]
        if let mode { change["mode"] = mode }
        if let latency = self.latency { change["latency"] = latency }
        let endpoint =
            try controlCall { try client.send("PUT", "endpoints/\(id)", json: change) } as? [String: Any] ?? [:]
        let latencyText = endpoint["latency"] as? String ?? "none"
        print("\(id): \(endpoint["mode"] as? String ?? "?"), latency \(latencyText)")
    }
}
