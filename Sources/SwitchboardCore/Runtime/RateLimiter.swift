import Synchronization

/// The buckets of one rate-limited endpoint behind their own lock: event
/// loops share it, and only requests to this endpoint take the lock.
/// Endpoints without a limit have no limiter at all.
public final class RateLimiter: Sendable {
    public let limit: RateLimit
    public let keyHeader: String?
    private let buckets: Mutex<RateBuckets>

    public init(limit: RateLimit, keyHeader: String? = nil, maxKeys: Int = RateBuckets.defaultMaxKeys) {
        self.limit = limit
        self.keyHeader = keyHeader
        self.buckets = Mutex(RateBuckets(limit: limit, keyHeader: keyHeader, maxKeys: maxKeys))
    }

    /// The verdict on a request arriving at `now` (a monotonic clock's
    /// reading) with this key header value.
    public func take(key: String?, now: Duration) -> RateVerdict {
        self.buckets.withLock { $0.take(key: key, now: now) }
    }
}
