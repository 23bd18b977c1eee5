extension EndpointSetting {
    /// What applying a change starts over.
    public struct Restarts: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// `sequence` was chosen: it starts from its first step.
        public static let sequence = Restarts(rawValue: 1)
        /// A count rule was chosen (again): it counts from its next request.
        public static let count = Restarts(rawValue: 2)
    }

    /// The one rule for a change, whoever asks (a scenario, a drill step,
    /// the control API, the screen, code): each key it names replaces that
    /// part; `sequence` only where the endpoint declares one (`hasSequence`;
    /// the panel refuses it first where a person asked). A new rate limit or
    /// key starts new buckets (`PanelRow.settled`).
    @discardableResult
    public mutating func apply(_ change: SettingChange, hasSequence: Bool) -> Restarts {
        var restarts: Restarts = []
        if let mode = change.mode, mode != .sequence || hasSequence {
            self.mode = mode
            if mode == .sequence { restarts.insert(.sequence) }
            if mode.isCountRule { restarts.insert(.count) }
        }
        if let latency = change.latency { self.latency = latency.profileName }
        if let rateLimit = change.rateLimit { self.rateLimit = rateLimit.limit }
        if let key = change.rateLimitKey { self.rateLimitKey = key.header }
        if let toxics = change.toxics { self.toxics = toxics }
        return restarts
    }
}
