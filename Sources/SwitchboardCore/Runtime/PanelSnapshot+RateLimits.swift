extension PanelSnapshot {
    /// Each endpoint's limiter: the earlier snapshot's when the endpoint
    /// (same id, same place), its limit and its key header are unchanged
    /// (a new key header starts new, full buckets)
    /// and it is not `renewed`, so counting goes on across other changes; a
    /// new, full one when the limit changed; none without a limit.
    static func limiters(
        settings: [EndpointSetting], endpoints: [EndpointDefinition], earlier: PanelSnapshot?, renewed: Set<Int>
    ) -> [RateLimiter?] {
        settings.indices.map { index in
            guard let limit = settings[index].rateLimit else { return nil }
            let key = settings[index].rateLimitKey
            if let earlier, !renewed.contains(index), index < earlier.limiters.count,
                let kept = earlier.limiters[index], kept.limit == limit, kept.keyHeader == key,
                earlier.manifest.endpoints[index].id == endpoints[index].id
            {
                return kept
            }
            return RateLimiter(limit: limit, keyHeader: key)
        }
    }

    /// The limiter of the endpoint at `index`; `nil` (the common case,
    /// costing one array read) when it has no limit.
    public func limiter(endpoint index: Int) -> RateLimiter? {
        self.limiters[index]
    }
}
