public import DequeModule
public import SwitchboardCore
public import SwitchboardModel

/// Everything the screen shows, in one value. Only the reducer changes it.
public struct AppState: Equatable, Sendable {
    public enum Focus: Equatable, Sendable {
        case endpoints
        case log
    }

    /// `http://127.0.0.1:8080`
    public var serverURL: String
    /// `--upstream-insecure`: upstream certificates go unchecked, which the
    /// top line must never let the user forget.
    public var upstreamInsecure = false
    /// Requests are checked against the description (`--validate`,
    /// `validate: true`): what the header says, as a refused request's 4xx
    /// would otherwise puzzle.
    public var validating = false
    public var endpoints: [EndpointRow] = []
    /// Latency profiles as `l` cycles them: the manifest's, then the presets.
    public var profiles: [LatencyProfile] = []
    public var selected = 0
    /// First endpoint row shown (the list scrolls with the selection).
    public var endpointScroll = 0
    public var focus = Focus.endpoints

    /// Newest last, at most `logCapacity` lines.
    public var log: Deque<LogLine> = []
    public var logCapacity = 2_000
    /// Following shows the newest lines; paused keeps the view still.
    public var following = true
    /// The highlighted log line, by sequence number, when paused. Sequence
    /// numbers survive old lines being dropped and the filter changing.
    public var logCursor: Int?
    /// The first log line shown while paused, by sequence number.
    public var logTop: Int?
    /// Lines that arrived since the log was paused.
    public var unseen = 0
    /// Requests marked with `m`, by sequence number (so marks survive
    /// scrolling, filtering and old lines being dropped).
    public var marks: Set<Int> = []
    /// Replays sent with `p`: the replay's sequence number to the one it
    /// sent again.
    public var replays: [Int: Int] = [:]
    /// Replays sent and not finished, per original request: while there
    /// are any, new requests are looked at for the replay header.
    public var pendingReplays: [Int: Int] = [:]
    /// The newest replay line seen while its original is being replayed.
    public var replaySeen: [Int: Int] = [:]
    /// The filter applied to the log, if any.
    public var filter: LogFilter?
    /// The filter being typed after `/`, until enter or esc.
    public var filterDraft: String?
    /// The endpoint search typed after `/` in the list, until enter or esc.
    public var endpointSearch: EndpointSearch?

    /// Per endpoint id: requests in each of the last 60 seconds.
    public var history: [String: HitHistory] = [:]
    /// Scenario names from the manifest, for the `s` picker.
    public var scenarios: [String] = []
    /// What each of `scenarios` sets, briefly, for the picker.
    public var scenarioSummaries: [String] = []
    /// The header's `scenario:`, from the snapshot as `status` has it:
    /// the name, and whether it stands alone, is stacked over earlier
    /// changes or was changed since.
    public var scenarioLabel: ScenarioLabel?
    /// The highlighted row of the open scenario picker.
    public var scenarioPicker: Int?
    /// The request open in the details view.
    public var details: DetailsView?
    /// Query credentials in the log shown as sent (`v`), not masked.
    public var revealsSecrets = false
    /// Problems of the fixtures on disk, while a reload is failing.
    public var reloadProblems: [String] = []
    /// The fixtures folder as the user named it, for `switchboard check`.
    public var reloadFolder = "."
    /// The manifest generation shown, to notice reloads.
    public var generation = 0

    public var totalRequests = 0
    public var rate = RateMeter()
    /// The name of the scenario applied last, if any (the label's).
    public var scenario: String? { self.scenarioLabel?.name }
    /// The drill running, for the header.
    public var drill: DrillStatus?
    /// The time of day at the last tick (seconds since 1970).
    public var wallTime: Double = 0
    public var showHelp = false
    /// A one-line message (a change made, a problem) until the next key.
    public var flash: String?
    /// The last recording's notice: while it is the message shown, the
    /// reloads the recording caused (up to manifest generation
    /// `recordNoticeKeptThrough`) do not replace it; later ones do.
    public var recordNotice: String?
    public var recordNoticeKeptThrough = 0
    /// A recording asked for with `w` or `W` has not finished yet.
    public var recording = false

    public init(serverURL: String, upstreamInsecure: Bool = false) {
        self.serverURL = serverURL
        self.upstreamInsecure = upstreamInsecure
    }

    /// Which keys apply now: an open overlay's, else the focused pane's.
    public var keyScope: KeyScope {
        if self.details != nil { return .details }
        if self.scenarioPicker != nil { return .picker }
        return self.focus == .endpoints ? .endpoints : .log
    }

    public var selectedEndpoint: EndpointRow? {
        self.endpoints.indices.contains(self.selected) ? self.endpoints[self.selected] : nil
    }

    public func profile(named name: String?) -> LatencyProfile? {
        guard let name else { return nil }
        return self.profiles.first { $0.name == name }
    }

    /// Indices into `log` of the lines the filter lets through, oldest
    /// first. A filter picks requests: markers show only without one.
    public var visibleLog: [Int] {
        guard let filter = self.filter else { return Array(self.log.indices) }
        return self.log.indices.filter { self.log[$0].marker == nil && filter.matches(self.log[$0]) }
    }

    /// `slow 2s`, or `-` for none.
    public func latencyLabel(_ name: String?) -> String {
        guard let name else { return "-" }
        return self.profile(named: name)?.label ?? name
    }
}
