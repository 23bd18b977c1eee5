/// A named set of endpoint settings applied together (`outage`, `slow-network`).
public struct Scenario: Sendable, Hashable {
    public struct Setting: Sendable, Hashable {
        /// An endpoint id, or `*` for every endpoint.
        public var target: String
        public var mode: Mode?
        public var latency: LatencyChoice?

        public init(target: String, mode: Mode?, latency: LatencyChoice?) {
            self.target = target
            self.mode = mode
            self.latency = latency
        }
    }

    public var name: String
    /// Applied in order, so a later entry overrides `*`.
    public var settings: [Setting]

    public init(name: String, settings: [Setting]) {
        self.name = name
        self.settings = settings
    }
}
