public import SwitchboardModel

/// A named set of endpoint settings applied together (`outage`,
/// `slow-network`), or a drill: steps applied on a timeline (`bad-day`).
public struct Scenario: Sendable, Hashable {
    public struct Setting: Sendable, Hashable {
        /// An endpoint id, or `*` for every endpoint.
        public var target: String
        public var mode: Mode?
        public var latency: LatencyChoice?
        /// `rate_limit: 5/s` (or `off`); `nil` leaves the limit alone.
        public var rateLimit: RateLimitChoice?
        /// `rate_limit_key: X-Client` (or `none`); `nil` leaves the key alone.
        public var rateLimitKey: RateLimitKeyChoice?
        /// `toxics: slicer` (or `none`); `nil` leaves the toxics alone.
        public var toxics: Toxics?

        public init(
            target: String, mode: Mode?, latency: LatencyChoice?, rateLimit: RateLimitChoice? = nil,
            rateLimitKey: RateLimitKeyChoice? = nil, toxics: Toxics? = nil
        ) {
            self.target = target
            self.mode = mode
            self.latency = latency
            self.rateLimit = rateLimit
            self.rateLimitKey = rateLimitKey
            self.toxics = toxics
        }
    }

    /// One moment of a drill: at `at` after the start, these settings are
    /// applied (as a scenario's are), or every endpoint is reset.
    public struct Step: Sendable, Hashable {
        public enum Action: Sendable, Hashable {
            case apply([Setting])
            case resetAll
        }

        public var at: Duration
        public var action: Action

        public init(at: Duration, action: Action) {
            self.at = at
            self.action = action
        }
    }

    public var name: String
    /// Applied in order, so a later entry overrides `*`. Empty for a drill.
    public var settings: [Setting]
    /// A drill's steps, `at` increasing; empty for a plain scenario.
    public var steps: [Step]

    public init(name: String, settings: [Setting], steps: [Step] = []) {
        self.name = name
        self.settings = settings
        self.steps = steps
    }

    public var isDrill: Bool { !self.steps.isEmpty }
}
