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

    /// Applies one of the manifest's scenarios (`outage`) on top of the
    /// current settings. A drill (a scenario with timed `steps`) is refused
    /// with `ControlError.drillFromCode`: a test that waited for its steps
    /// would depend on the wall clock, so it sets each step itself.
    public func apply(scenario name: String) async throws(ControlError) {
        try self.refuseDrill(name)
        try self.panel.applyScenario(named: name)
    }

    /// Refuses scenario `name` when it is a drill: a test that waited for
    /// its timed steps would depend on the wall clock.
    func refuseDrill(_ name: String) throws(ControlError) {
        if self.panel.snapshot().manifest.scenarios.contains(where: { $0.name == name && $0.isDrill }) {
            throw ControlError.drillFromCode(name)
        }
    }

    /// Returns `endpoint` (or, with `nil`, every endpoint) to the mode and
    /// latency the manifest starts it in. The requests received stay.
    public func reset(_ endpoint: String? = nil) async throws(ControlError) {
        try self.panel.reset(endpoint: endpoint)
    }

    /// The mode `endpoint` is set to now.
    public func mode(of endpoint: String) throws(ControlError) -> Mode {
        let snapshot = self.panel.snapshot()
        guard let index = snapshot.manifest.endpointIndex(id: endpoint) else {
            throw ControlError.unknownEndpoint(endpoint, known: snapshot.manifest.endpoints.map(\.id))
        }
        return snapshot.rows[index].setting.mode
    }

    /// Every request endpoint `endpoint` answered, oldest first, with
    /// headers and bodies. Throws when no endpoint has that id.
    public func requests(_ endpoint: String) async throws(ControlError) -> [ReceivedRequest] {
        try self.checkEndpoint(endpoint)
        return self.received { $0.endpointID == endpoint }
    }

    /// Every request received, matched or not, oldest first.
    public func requests() async -> [ReceivedRequest] {
        self.received { _ in true }
    }

    /// Forgets the requests received so far (settings stay): what
    /// ``requests(_:)`` and the verification calls see starts over.
    public func clearRequests() async {
        self.journal.clear()
    }

    /// The journal's kept entries that `include` accepts, as requests.
    func received(where include: (JournalEntry) -> Bool) -> [ReceivedRequest] {
        self.journal.entries(after: 0).entries.lazy.filter(include).map(RequestRecord.init(unredacted:))
    }

    func checkEndpoint(_ endpoint: String) throws(ControlError) {
        let manifest = self.panel.snapshot().manifest
        guard manifest.endpointIndex(id: endpoint) != nil else {
            throw ControlError.unknownEndpoint(endpoint, known: manifest.endpoints.map(\.id))
        }
    }
}
