public import SwitchboardModel

/// One endpoint as the panel holds it: what the manifest (or a live
/// request) declared, what it is set to now, and what that setting needs on
/// every request. A snapshot keeps one row per endpoint, so the setting,
/// the counters, the profile and the limiter of an endpoint cannot fall out
/// of step with each other or with the endpoint.
public struct PanelRow: Sendable {
    public let definition: EndpointDefinition
    /// Changed by `ControlPanel` only; the snapshot then works out the
    /// profile and limiter again (`settled`).
    public internal(set) var setting: EndpointSetting
    /// Shared by every snapshot of the endpoint, so counting survives
    /// setting changes and reloads that keep the endpoint.
    public let counters: EndpointCounters
    /// The setting's latency profile, looked up once per change rather than
    /// by name on every request.
    public private(set) var profile: LatencyProfile?
    /// The buckets of a rate-limited endpoint; `nil` for the others (which
    /// never look further).
    public private(set) var limiter: RateLimiter?

    init(_ definition: EndpointDefinition, setting: EndpointSetting, counters: EndpointCounters = EndpointCounters()) {
        self.definition = definition
        self.setting = setting
        self.counters = counters
    }

    /// A row as the manifest starts the endpoint.
    init(startOf definition: EndpointDefinition) {
        self.init(definition, setting: EndpointSetting(startOf: definition))
    }

    /// The same endpoint as an edited manifest (or a reload) declares it,
    /// set to `setting`: its counters and limiter stay.
    func redefined(_ definition: EndpointDefinition, setting: EndpointSetting) -> PanelRow {
        var row = PanelRow(definition, setting: setting, counters: self.counters)
        row.limiter = self.limiter
        return row
    }

    /// This row with its profile and limiter worked out for its setting in
    /// `manifest`: the limiter it had while the limit and its key header
    /// stay and it is not `renewed`, so counting goes on across other
    /// changes (a new limit or key header starts new, full buckets); none
    /// without a limit.
    func settled(in manifest: Manifest, renewed: Bool) -> PanelRow {
        var row = self
        row.profile = self.setting.latency.flatMap(manifest.profile(named:))
        if let limit = self.setting.rateLimit {
            let key = self.setting.rateLimitKey
            if renewed || self.limiter?.limit != limit || self.limiter?.keyHeader != key {
                row.limiter = RateLimiter(limit: limit, keyHeader: key)
            }
        } else {
            row.limiter = nil
        }
        return row
    }

    /// Back to the manifest's start: its sequence and count rule start over.
    mutating func reset() {
        self.setting = EndpointSetting(startOf: self.definition)
        self.counters.restartSequence()
        self.counters.restartRule()
    }

    /// A scenario's (or a drill step's) entry on this row, when it is for
    /// it.
    mutating func apply(_ entry: Scenario.Setting) {
        guard entry.applies(to: self.definition) else { return }
        self.apply(entry.change)
    }

    /// `change` on this row's setting (`EndpointSetting.apply`, the one
    /// rule), starting over what it chose: a count rule counts from its next
    /// request; a sequence starts from its first step when a person chose
    /// it (`set`), and goes on where it was when a scenario, a drill step or
    /// `a` (this setting to all) did, as before the rule was one.
    mutating func apply(_ change: SettingChange, restartingSequence: Bool = false) {
        let restarts = self.setting.apply(change, hasSequence: !self.definition.sequence.isEmpty)
        if restartingSequence && restarts.contains(.sequence) { self.counters.restartSequence() }
        if restarts.contains(.count) { self.counters.restartRule() }
    }
}
