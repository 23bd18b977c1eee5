import ArgumentParser
import SwitchboardClient
import SwitchboardControl
import SwitchboardCore
import SwitchboardModel

struct SetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change an endpoint's mode (and latency) on a running Switchboard.",
        discussion: """
            ENDPOINT is an id (`coinlist`) or METHOD PATH (`GET /episodes/3` or `GET /episodes/:episode`). \
            Examples: `switchboard set coinlist server_error`, `switchboard set POST /login error`, \
            `switchboard set weather flaky:25 --latency 3g`, `switchboard set weather fail_first:2` \
            (the first two requests fail, then success), `switchboard set weather --latency none`, \
            `switchboard set weather --rate-limit 5/s` (or `60/min`; `off` removes it), \
            `switchboard set weather --rate-limit 5/s --rate-limit-key X-Client` (a bucket per value of \
            that request header; `none` for one bucket), \
            `switchboard set weather --toxic slicer` (also `slow_close:2s`, `limit_data:1024`; repeat \
            --toxic for several, `--toxic none` removes them).
            """
    )

    @Argument(help: "ENDPOINT then MODE; MODE may be left out when --latency or --rate-limit is given.")
    var words: [String]

    @Option(help: "A latency profile, or 'none'.")
    var latency: String?

    @Option(help: "Requests allowed before 429: N/s or N/min (e.g. 5/s), or 'off'.")
    var rateLimit: String?

    @Option(help: "A request header whose every value gets a bucket of its own (e.g. X-Client), or 'none'.")
    var rateLimitKey: String?

    @Option(name: .customLong("toxic"), help: "A connection toxic: slicer, slow_close[:2s], limit_data:N, or 'none'.")
    var toxics: [String] = []

    @OptionGroup var control: ControlOptions

    func validate() throws {
        if self.words.isEmpty {
            throw ValidationError("name an endpoint and a mode, e.g. `switchboard set coinlist error`")
        }
        let rest = EndpointLookup.split(self.words).rest
        if rest.count > 1 {
            throw ValidationError(
                "one MODE after the endpoint, not '\(rest.joined(separator: " "))'"
                    + " (an endpoint is an id or METHOD PATH, e.g. `switchboard set POST /login error`)")
        }
        if self.request.mode == nil && self.latency == nil && self.rateLimit == nil && self.rateLimitKey == nil
            && self.toxics.isEmpty
        {
            throw ValidationError(
                "give a mode (\(Mode.names.joined(separator: ", "))), --latency, --rate-limit, --rate-limit-key or --toxic"
            )
        }
        if let key = self.rateLimitKey, RateLimitKeyChoice(text: key) == nil {
            throw ValidationError("--rate-limit-key '\(key)' is not a header name: name a request header, or 'none'")
        }
    }

    /// What is wrong with `--toxic` or `--rate-limit`, in `check`'s words
    /// (with its "did you mean"): a mistake in a value, like a mode's, is
    /// one sentence and exit 1, not the usage text.
    private var valueMistake: String? {
        for toxic in self.toxics {
            if case .failure(let problem) = Toxics.parseList(toxic) { return "--toxic " + problem.sentence }
        }
        if let rateLimit = self.rateLimit, RateLimitChoice(text: rateLimit) == nil {
            return "--rate-limit '\(rateLimit)' is not a rate limit — " + RateLimitChoice.fix(forUnknown: rateLimit)
        }
        return nil
    }

    /// The endpoint's words and the mode after them (`EndpointLookup.split`):
    /// `coinlist eror --latency slow` is endpoint `coinlist` and mode `eror`,
    /// so the mistake is named as the mode it is.
    private var request: (endpoint: [String], mode: String?) {
        let (endpoint, rest) = EndpointLookup.split(self.words)
        return (endpoint, rest.first)
    }

    func run() async throws {
        if let mistake = self.valueMistake {
            Console.error("switchboard: " + mistake)
            throw ExitCode.failure
        }
        let (words, mode) = self.request
        let client = self.control.client
        let id = try await controlCall(client) { try await client.resolveEndpoint(words) }
        // Each option read by its key's one reader; `valueMistake` and
        // `validate` have given their own words for the options' mistakes,
        // the mode's are the server's, and any other says its option.
        var change = SettingChange()
        let options: [(SettingKey, String?)] = [
            (.mode, mode), (.latency, self.latency), (.rateLimit, self.rateLimit), (.rateLimitKey, self.rateLimitKey),
            (.toxics, self.toxics.isEmpty ? nil : self.toxics.joined(separator: ",")),
        ]
        for case (let key, let text?) in options {
            do throws(SettingProblem) {
                try change.read(text, for: key)
            } catch {
                let option = "--" + key.rawValue.replacingOccurrences(of: "_", with: "-")
                Console.error(
                    "switchboard: " + (key == .mode ? Mode.unknown(text) : "\(option) '\(text)' does not read"))
                throw ExitCode.failure
            }
        }
        let endpoint = try await controlCall(client) { try await client.change(id, change) }
        let limited =
            endpoint.rateLimit.map { ", rate limit " + RateLimitKeyChoice.limitText($0, key: endpoint.rateLimitKey) }
            ?? ""
        let toxic = endpoint.toxics.map { ", toxics \($0.joined(separator: ","))" } ?? ""
        Console.out("\(id): \(endpoint.mode), latency \(endpoint.latency ?? "none")\(limited)\(toxic)")
    }
}
