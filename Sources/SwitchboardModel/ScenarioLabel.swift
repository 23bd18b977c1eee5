/// What the header, `switchboard status` and the control API say about the
/// scenario: its name and whether the settings are still what it made
/// them. One value, so the three never disagree.
public struct ScenarioLabel: Sendable, Hashable, CustomStringConvertible {
    public enum State: String, Codable, Sendable, Hashable, CaseIterable {
        /// Every setting is what the scenario makes of the manifest's start.
        case alone
        /// The scenario went over earlier changes, which still show, and
        /// nothing changed since.
        case stacked
        /// A setting changed after it (a key, `set`, apply-to-all, one
        /// endpoint's reset): the scenario no longer describes them all.
        case changed
    }

    public var name: String
    public var state: State

    public init(name: String, state: State) {
        self.name = name
        self.state = state
    }

    /// `outage`, `slow-network (stacked)`, `outage (changed)`.
    public var description: String {
        self.state == .alone ? self.name : "\(self.name) (\(self.state.rawValue))"
    }
}
