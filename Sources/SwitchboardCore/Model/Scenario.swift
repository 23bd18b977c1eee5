public import SwitchboardModel

/// A named set of endpoint settings applied together (`outage`,
/// `slow-network`), or a drill: steps applied on a timeline (`bad-day`).
public struct Scenario: Sendable, Hashable {
    /// One entry: what it changes (`nil` parts left alone) on `target`.
    public struct Setting: Sendable, Hashable {
        /// An endpoint id, or `*` for every endpoint.
        public var target: String
        public var change: SettingChange

        public init(target: String, change: SettingChange) {
            self.target = target
            self.change = change
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
