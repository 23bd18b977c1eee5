import NIOConcurrencyHelpers
public import SwitchboardModel

/// The buckets of one rate-limited endpoint behind their own lock: event
/// loops share it, and only requests to this endpoint take the lock.
/// Endpoints without a limit have no limiter at all.
public final class RateLimiter: Sendable {
    public let limit: RateLimit
    public let keyHeader: String?
    private let buckets: NIOLockedValueBox<RateBuckets>

    public init(limit: RateLimit, keyHeader: String? = nil, maxKeys: Int = RateBuckets.defaultMaxKeys) {
        self.limit = limit
        self.keyHeader = keyHeader
        self.buckets = NIOLockedValueBox(RateBuckets(limit: limit, keyHeader: keyHeader, maxKeys: maxKeys))
    }

    /// The verdict on a request arriving at `now` (a monotonic clock's
    /// reading) with this key header value, from a client never seen
    /// before (an in-process answer has no connection to remember it by).
    public func take(key: String?, now: Duration) -> RateVerdict {
        self.buckets.withLockedValue { $0.take(key: key, now: now) }
    }

    /// The same, for a request on a connection that remembers the last
    /// `Retry-After` it carried: without a key, the connection is the
    /// client, so only its own retry can be early.
    public func take(key: String?, now: Duration, connection: inout RetryDeadline) -> RateVerdict {
        var deadline = connection.deadline(for: self)
        let verdict = self.buckets.withLockedValue { $0.take(key: key, now: now, deadline: &deadline) }
        if key == nil { connection.record(deadline, by: self) }
        return verdict
    }
}
