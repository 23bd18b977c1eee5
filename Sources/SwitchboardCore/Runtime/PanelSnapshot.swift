/// Everything a request needs to be answered, frozen at one moment: the
/// manifest, its routing table and every endpoint's current setting.
///
/// Requests read a snapshot and never see a half-made change; a change makes
/// a new snapshot and swaps it in.
public final class PanelSnapshot: Sendable {
    public let manifest: Manifest
    public let table: EndpointTable
    /// Index-aligned with `manifest.endpoints`.
    public let settings: [EndpointSetting]
    /// Bumps whenever a manifest is loaded (bodies and routes may differ).
    public let generation: Int
    /// Bumps on every change, settings included.
    public let version: Int
    /// The scenario last applied, until a manual change or reset.
    public let activeScenario: String?

    init(
        manifest: Manifest, table: EndpointTable, settings: [EndpointSetting], generation: Int, version: Int,
        activeScenario: String?
    ) {
        self.manifest = manifest
        self.table = table
        self.settings = settings
        self.generation = generation
        self.version = version
        self.activeScenario = activeScenario
    }

    /// A copy with different settings.
    func with(settings: [EndpointSetting], activeScenario: String?) -> PanelSnapshot {
        PanelSnapshot(
            manifest: self.manifest, table: self.table, settings: settings, generation: self.generation,
            version: self.version + 1, activeScenario: activeScenario)
    }

    public func profile(named name: String?) -> LatencyProfile? {
        guard let name else { return nil }
        return self.manifest.profile(named: name)
    }

    /// What the endpoint at `index` does with a request arriving now.
    public func decide(endpoint index: Int) -> Decision {
        let setting = self.settings[index]
        let profile = self.profile(named: setting.latency)
        return Decision(
            endpointIndex: index, mode: setting.mode, response: setting.mode.response,
            latency: profile?.name, delay: profile?.delay ?? .zero)
    }
}

/// How one matched request will be answered.
public struct Decision: Sendable, Hashable {
    public var endpointIndex: Int
    public var mode: Mode
    public var response: ResponseKind
    public var latency: String?
    /// Time to wait before writing the response.
    public var delay: Duration
}
