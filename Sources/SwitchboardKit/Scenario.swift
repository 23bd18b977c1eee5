import SwitchboardCore
public import SwitchboardModel

/// A scenario declared in code, beside the endpoints of
/// ``Switchboard/start(port:endpoints:scenarios:)``: what a manifest's
/// `scenarios:` entry declares, a name for settings that
/// `apply(scenario:)` makes together.
///
/// ```swift
/// Scenario("outage").all(.serverError)
/// Scenario("slow-login").set("login", .success, latency: .profile("3g"))
/// Scenario("throttled").set("feed", rateLimit: .perSecond(2))
/// Scenario("choppy").set("feed", toxics: .slicer)
/// ```
///
/// Settings apply in the order given, so one for a single endpoint after
/// ``all(_:latency:)`` overrides it there, as in a manifest.
public struct Scenario: Sendable {
    /// The name `apply(scenario:)` takes.
    public let name: String
    var settings: [SwitchboardCore.Scenario.Setting] = []

    /// An empty scenario named `name`; add settings with ``set(_:_:latency:)``,
    /// ``set(_:latency:)``, ``set(_:rateLimit:)`` and ``all(_:latency:)``.
    ///
    /// ```swift
    /// Scenario("outage")
    /// ```
    public init(_ name: String) {
        self.name = name
    }

    /// Puts endpoint `endpoint` (its id) in `mode` and, when given, `latency`.
    ///
    /// ```swift
    /// Scenario("slow-login").set("login", .success, latency: .profile("3g"))
    /// ```
    public func set(_ endpoint: String, _ mode: Mode, latency: LatencyChoice? = nil) -> Scenario {
        self.set(endpoint, SettingChange(mode: mode, latency: latency))
    }

    /// Gives endpoint `endpoint` (its id) `latency`, leaving its mode.
    ///
    /// ```swift
    /// Scenario("slow-feed").set("feed", latency: .profile("edge"))
    /// ```
    public func set(_ endpoint: String, latency: LatencyChoice) -> Scenario {
        self.set(endpoint, SettingChange(latency: latency))
    }

    /// Puts every endpoint in `mode` and, when given, `latency` (a
    /// manifest's `"*"`).
    ///
    /// ```swift
    /// Scenario("outage").all(.serverError).set("status", .success)
    /// ```
    public func all(_ mode: Mode, latency: LatencyChoice? = nil) -> Scenario {
        self.all(SettingChange(mode: mode, latency: latency))
    }

    /// Gives every endpoint `latency`, leaving their modes.
    ///
    /// ```swift
    /// Scenario("subway").all(latency: .profile("gprs"))
    /// ```
    public func all(latency: LatencyChoice) -> Scenario {
        self.all(SettingChange(latency: latency))
    }

    /// Gives endpoint `endpoint` (its id) a rate limit, `.perSecond(5)`,
    /// or none, `.noLimit`, leaving its mode and latency (a manifest's
    /// `rate_limit: 5/s`).
    ///
    /// ```swift
    /// Scenario("throttled").set("feed", rateLimit: .perSecond(2))
    /// ```
    public func set(_ endpoint: String, rateLimit: RateLimitChoice) -> Scenario {
        self.set(endpoint, SettingChange(rateLimit: rateLimit))
    }

    /// Gives every endpoint a rate limit (or none), leaving the rest.
    ///
    /// ```swift
    /// Scenario("busy").all(rateLimit: .perMinute(60))
    /// ```
    public func all(rateLimit: RateLimitChoice) -> Scenario {
        self.all(SettingChange(rateLimit: rateLimit))
    }

    /// Gives endpoint `endpoint` (its id) connection toxics, `.slicer`, or
    /// none, `.none`, leaving the rest (a manifest's `toxics: slicer`).
    ///
    /// ```swift
    /// Scenario("choppy").set("feed", toxics: .slicer)
    /// ```
    public func set(_ endpoint: String, toxics: Toxics) -> Scenario {
        self.set(endpoint, SettingChange(toxics: toxics))
    }

    /// Gives every endpoint connection toxics (or none), leaving the rest.
    ///
    /// ```swift
    /// Scenario("bad-wifi").all(toxics: .limitData(1024))
    /// ```
    public func all(toxics: Toxics) -> Scenario {
        self.all(SettingChange(toxics: toxics))
    }

    /// Gives endpoint `endpoint` (its id) what `change` names, leaving the
    /// rest: every key a manifest entry has, the ones above among them.
    ///
    /// ```swift
    /// Scenario("bad-feed").set("feed", SettingChange(mode: .error, toxics: .slicer))
    /// ```
    public func set(_ endpoint: String, _ change: SettingChange) -> Scenario {
        var copy = self
        copy.settings.append(SwitchboardCore.Scenario.Setting(target: endpoint, change: change))
        return copy
    }

    /// Gives every endpoint what `change` names (a manifest's `"*"`).
    ///
    /// ```swift
    /// Scenario("bad-wifi").all(SettingChange(latency: .profile("3g"), toxics: .slicer))
    /// ```
    public func all(_ change: SettingChange) -> Scenario {
        self.set("*", change)
    }
}
