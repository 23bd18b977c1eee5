extension Scenario {
    /// `settings` with this scenario applied: each entry in order, `*` for
    /// every endpoint; `sequence` only where the endpoint declares one.
    public func applied(to settings: [EndpointSetting], endpoints: [EndpointDefinition]) -> [EndpointSetting] {
        var settings = settings
        for setting in self.settings {
            for (index, endpoint) in endpoints.enumerated()
            where index < settings.count && (setting.target == "*" || setting.target == endpoint.id) {
                if let mode = setting.mode, mode != .sequence || !endpoint.sequence.isEmpty {
                    settings[index].mode = mode
                }
                if let latency = setting.latency { settings[index].latency = latency.profileName }
                if let rateLimit = setting.rateLimit { settings[index].rateLimit = rateLimit.limit }
            }
        }
        return settings
    }

    /// `all: server_error · login: latency 3g`: what it sets, briefly.
    public var summary: String {
        self.settings.map { setting in
            let what = [
                setting.mode?.name, setting.latency.map { "latency " + ($0.profileName ?? "none") },
                setting.rateLimit.map { "rate limit " + ($0.limit?.description ?? "off") },
            ].compactMap { $0 }.joined(separator: ", ")
            return (setting.target == "*" ? "all" : setting.target) + ": " + (what.isEmpty ? "nothing" : what)
        }.joined(separator: " · ")
    }
}
