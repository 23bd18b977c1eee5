/// One part of an endpoint's setting, by the name the manifest, scenarios,
/// the control API's JSON and the journal's markers give it. Every front end
/// reads and writes a setting through `SettingChange`, which switches over
/// these cases: a new setting is a new case, and the compiler names each
/// place that must say what it does (see docs/architecture.md, "Where a
/// setting lives").
public enum SettingKey: String, CaseIterable, Sendable, Hashable {
    case mode
    case latency
    case rateLimit = "rate_limit"
    case rateLimitKey = "rate_limit_key"
    case toxics

    /// The keys' names, in order: what the control API's `PUT` and a
    /// scenario entry accept.
    public static let names = Self.allCases.map(\.rawValue)
}
