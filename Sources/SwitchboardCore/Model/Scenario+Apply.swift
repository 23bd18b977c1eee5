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
    public var changes: String? { self.change.changes }

    /// Whether this entry is for `endpoint`: its id, or `*`.
    func applies(to endpoint: EndpointDefinition) -> Bool {
        self.target == "*" || self.target == endpoint.id
    }
}
