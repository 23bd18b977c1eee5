public import SwitchboardControl
public import SwitchboardCore
public import SwitchboardModel

/// The screen's and the control API's operations, from code. Each takes
/// effect before it returns: the very next request sees it.
extension Switchboard {
    /// Changes what `change` names of endpoint `endpoint` (its manifest
    /// id), leaving the rest: `try await board.set("feed", SettingChange(mode:
    /// .error, toxics: .slicer))`. Throws when the id, the profile or (for
    /// `.sequence`) the endpoint's sequence does not exist; the error lists
    /// the valid names. The overloads below are this with one key.
    public func set(_ endpoint: String, _ change: SettingChange) async throws(ControlError) {
        try self.panel.set(endpoint: endpoint, change)
    }

    /// Sets the mode of `endpoint` and, when given, its latency:
    /// `try await board.set("login", .error)`,
    /// `try await board.set("feed", .success, latency: .profile("3g"))`.
    public func set(_ endpoint: String, _ mode: Mode, latency: LatencyChoice? = nil) async throws(ControlError) {
        try await self.set(endpoint, SettingChange(mode: mode, latency: latency))
    }

    /// Sets only the latency of `endpoint`: `.profile("slow")`, `.noLatency`.
    public func set(_ endpoint: String, latency: LatencyChoice) async throws(ControlError) {
        try await self.set(endpoint, SettingChange(latency: latency))
    }

    /// Sets only the rate limit of `endpoint`: `.perSecond(5)`,
    /// `.perMinute(60)`, `.noLimit`. Requests past it are answered 429 with
    /// `Retry-After`; a new limit starts with a full bucket.
    public func set(_ endpoint: String, rateLimit: RateLimitChoice) async throws(ControlError) {
        try await self.set(endpoint, SettingChange(rateLimit: rateLimit))
    }

    /// Sets only the connection toxics of `endpoint`: `.slicer`,
    /// `.limitData(1024)`, `.slowClose()`, several with
    /// `.slicer.with(.limitData(100))`, `.none`. They act on the socket's
    /// bytes; in process (the URLProtocol) see `InProcessAnswer`.
    public func set(_ endpoint: String, toxics: Toxics) async throws(ControlError) {
        try await self.set(endpoint, SettingChange(toxics: toxics))
    }

    /// Refuses scenario `name` when it is a drill: a test that waited for
    /// its timed steps would depend on the wall clock. `perform(_:)` asks
    /// before the dispatch applies it.
    func refuseDrill(_ name: String) throws(SwitchboardError) {
        if self.panel.snapshot().manifest.scenarios.contains(where: { $0.name == name && $0.isDrill }) {
            throw SwitchboardError(ControlError.drillFromCode(name))
        }
    }

    /// The mode `endpoint` is set to now.
    public func mode(of endpoint: String) throws(SwitchboardError) -> Mode {
        let snapshot = self.panel.snapshot()
        guard let index = snapshot.manifest.endpointIndex(id: endpoint) else {
            throw SwitchboardError(
                ControlError.unknownEndpoint(endpoint, known: snapshot.manifest.endpoints.map(\.id)))
        }
        return snapshot.rows[index].setting.mode
    }
}
