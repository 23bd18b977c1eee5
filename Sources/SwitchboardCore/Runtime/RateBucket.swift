public import SwitchboardModel

/// One client's token bucket, kept as the time it would be full again (the
/// generic cell rate algorithm): each request moves that time one token's
/// worth later, and a request that would push it past a whole bucket from
/// now is refused. One integer instead of a token count and a refill time,
/// and no rounding drift however often it is asked.
///
/// Time is whatever monotonic clock the caller passes as `now`: the event
/// loop's, or a test's virtual one.
public struct RateBucket: Sendable, Hashable {
    public let limit: RateLimit
    /// Nanoseconds one token takes to come back.
    private let interval: Int64
    /// The bucket holds `count` tokens: `count * interval` nanoseconds.
    private let capacity: Int64
    /// When the bucket is full again, in `now`'s nanoseconds; at or before
    /// `now` (or `nil`, never used) it is full.
    private var fullAt: Int64?
    /// When the client this bucket is for (a key's) was told it could come
    /// back: `take(now:)` keeps it here. The endpoint's shared bucket is no
    /// one client's and is asked with the caller's own deadline instead.
    private var retryAt: Duration?

    public init(limit: RateLimit) {
        self.limit = limit
        let period = Int64(limit.period.seconds) * 1_000_000_000
        self.interval = max(1, period / Int64(limit.count))
        self.capacity = self.interval * Int64(limit.count)
    }

    /// Takes a token for a request arriving at `now` from the one client
    /// this bucket is for, or refuses it.
    public mutating func take(now: Duration) -> RateVerdict {
        var deadline = self.retryAt
        let verdict = self.take(now: now, deadline: &deadline)
        self.retryAt = deadline
        return verdict
    }

    /// Takes a token for a request arriving at `now` from a client told to
    /// come back at `deadline` (`nil`: never refused, or not known), or
    /// refuses it. A refusal sets `deadline` to what its `Retry-After` says;
    /// a request at or past it clears it.
    public mutating func take(now: Duration, deadline: inout Duration?) -> RateVerdict {
        let now = Self.nanoseconds(now)
        if let retryAt = deadline.map(Self.nanoseconds) {
            if now < retryAt {
                // Back before its Retry-After: refused again, the same
                // deadline kept, no token spent.
                var verdict = self.verdict(now: now, allowed: false)
                verdict.retryAfter = Self.wholeSeconds(retryAt - now)
                verdict.early = .nanoseconds(retryAt - now)
                return verdict
            }
            deadline = nil
        }
        let next = max(self.fullAt ?? now, now) + self.interval
        guard next - now <= self.capacity else {
            var verdict = self.verdict(now: now, allowed: false)
            let wait = Self.wholeSeconds(next - now - self.capacity)
            verdict.retryAfter = wait
            deadline = .nanoseconds(now + Int64(wait) * 1_000_000_000)
            return verdict
        }
        self.fullAt = next
        return self.verdict(now: now, allowed: true)
    }

    private func verdict(now: Int64, allowed: Bool) -> RateVerdict {
        let used = max(0, (self.fullAt ?? now) - now)
        return RateVerdict(
            allowed: allowed, limit: self.limit.count, remaining: Int((self.capacity - used) / self.interval),
            reset: used == 0 ? 0 : Self.wholeSeconds(used))
    }

    /// Rounded up, at least 1: a client told 0 would come straight back.
    private static func wholeSeconds(_ nanoseconds: Int64) -> Int {
        max(1, Int((nanoseconds + 999_999_999) / 1_000_000_000))
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
