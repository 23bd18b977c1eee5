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
    /// it; a count rule it sets counts from its first request.
    mutating func apply(_ change: Scenario.Setting) {
        guard change.applies(to: self.definition) else { return }
        if change.apply(to: &self.setting, of: self.definition) { self.counters.restartRule() }
    }
}
