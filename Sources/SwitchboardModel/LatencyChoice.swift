/// What a change asks of an endpoint's latency: a named profile, or none.
/// "Leave it as it is" is the absence of a choice (`nil`).
public enum LatencyChoice: Sendable, Hashable {
    case noLatency
    case profile(String)

    /// Names that mean "no added latency" wherever a profile is named: in
    /// the manifest, scenarios, the control API, the CLI and `Prefer`.
    public static let noneNames: Set<String> = ["none", "-", "off"]

    /// `none`, `-` or `off` is no latency; any other name, that profile.
    public init(name: String) {
        self = Self.noneNames.contains(name) ? .noLatency : .profile(name)
    }

    /// `nil` for no added latency.
    public var profileName: String? {
        guard case .profile(let name) = self else { return nil }
        return name
    }
}
