extension Scenario {
    /// `all: server_error · login: latency 3g`, or for a drill its length
    /// and each step: what it sets, briefly, as the picker and
    /// `switchboard scenario` say it.
    public var summary: String { self.info.summary }
}

extension Scenario.Setting {
    /// `server_error, latency 3g, rate limit 5/s, toxics slicer`: what it
    /// changes, as the picker and every marker line say it; `nil` when
    /// nothing.
    public var changes: String? { self.info.changes }

    /// Whether this entry is for `endpoint`: its id, or `*`.
    func applies(to endpoint: EndpointDefinition) -> Bool {
        self.target == "*" || self.target == endpoint.id
    }

    /// This entry on one endpoint's setting: `sequence` only where the
    /// endpoint declares one; latency, limit and toxics as named (`none` and
    /// `off` remove them). Returns whether it set a count rule, which then
    /// counts from its first request.
    @discardableResult
    func apply(to setting: inout EndpointSetting, of endpoint: EndpointDefinition) -> Bool {
        var setsRule = false
        if let mode = self.mode, mode != .sequence || !endpoint.sequence.isEmpty {
            setting.mode = mode
            setsRule = mode.isCountRule
        }
        if let latency = self.latency { setting.latency = latency.profileName }
        // A new limit starts with a full bucket (`PanelRow.settled`).
        if let rateLimit = self.rateLimit { setting.rateLimit = rateLimit.limit }
        // A new key starts new buckets, as a new limit does.
        if let key = self.rateLimitKey { setting.rateLimitKey = key.header }
        if let toxics = self.toxics { setting.toxics = toxics }
        return setsRule
    }
}
