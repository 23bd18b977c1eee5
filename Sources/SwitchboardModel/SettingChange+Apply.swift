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
        for key in SettingKey.allCases {
            let applied = change.apply(key, to: &self, hasSequence: hasSequence)
            // Only a mode starts something over.
            guard applied && key == .mode else { continue }
            if self.mode == .sequence { restarts.insert(.sequence) }
            if self.mode.isCountRule { restarts.insert(.count) }
        }
        return restarts
    }
}
