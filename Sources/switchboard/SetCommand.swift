import ArgumentParser
import SwitchboardControl
import SwitchboardCore

struct SetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change an endpoint's mode (and latency) on a running Switchboard.",
        discussion: """
            ENDPOINT is an id (`coinlist`) or METHOD PATH (`GET /episodes/3` or `GET /episodes/:episode`). \
            Examples: `switchboard set coinlist server_error`, `switchboard set POST /login error`, \
            `switchboard set weather flaky:25 --latency 3g`, `switchboard set weather fail_first:2` \
            (the first two requests fail, then success), `switchboard set weather --latency none`.
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
        if self.request.mode == nil && self.latency == nil {
            throw ValidationError("give a mode (\(Mode.names.joined(separator: ", "))) or --latency")
        }
    }

    /// The endpoint's words and the mode: the last word is the mode when
    /// it names one, or when there is no `--latency` to change instead.
    private var request: (endpoint: [String], mode: String?) {
        if let last = self.words.last, self.words.count > 1, Mode(name: last) != nil || self.latency == nil {
            return (Array(self.words.dropLast()), last)
        }
        return (self.words, nil)
    }

    func run() async throws {
        let (words, mode) = self.request
        let client = self.control.client
        let id = try await controlCall { try await client.resolveEndpoint(words) }
        let change = SettingsChange(mode: mode, latency: self.latency.map(SettingsChange.Latency.profile))
        let endpoint = try await controlCall { try await client.change(id, to: change) }
        print("\(id): \(endpoint.mode), latency \(endpoint.latency ?? "none")")
    }
}
