public import SwitchboardModel

/// The buckets of one rate-limited endpoint: one for the whole endpoint,
/// or, with a key header (`rate_limit_key: Authorization`), one per value
/// of that header. A key is kept as its digest (`RateKey`, 16 bytes), not
/// its text, and keys are capped: past `maxKeys` the key seen first is
/// forgotten (its client starts again with a full bucket). So a client
/// inventing keys, however long, cannot grow memory past the cap's
/// `retainedBytes`.
public struct RateBuckets: Sendable {
    public let limit: RateLimit
    /// The request header whose value picks the bucket; `nil` for one
    /// bucket for all.
    public let keyHeader: String?
    public let maxKeys: Int
    /// Requests with no key (no key header set, or a request without it).
    private var shared: RateBucket
    private var keyed: [RateKey: RateBucket] = [:]
    /// Keys in the order they were first seen, from `oldest` on.
    private var order: [RateKey] = []
    private var oldest = 0

    /// How many keys are kept at most by default.
    public static let defaultMaxKeys = 10_000

    public init(limit: RateLimit, keyHeader: String? = nil, maxKeys: Int = Self.defaultMaxKeys) {
        self.limit = limit
        self.keyHeader = keyHeader
        self.maxKeys = max(1, maxKeys)
        self.shared = RateBucket(limit: limit)
    }

    /// The verdict on a request arriving at `now` carrying `key`, from a
    /// client whose own deadline is unknown (see `RetryDeadline`).
    public mutating func take(key: String?, now: Duration) -> RateVerdict {
        var unknown: Duration?
        return self.take(key: key, now: now, deadline: &unknown)
    }

    /// The verdict on a request arriving at `now` carrying `key`. A key is
    /// its client, and its bucket keeps that client's deadline; a request
    /// without one shares the endpoint's bucket, and `deadline` is its
    /// client's (the connection's), left alone when a key answers.
    public mutating func take(key: String?, now: Duration, deadline: inout Duration?) -> RateVerdict {
        guard let text = key else { return self.shared.take(now: now, deadline: &deadline) }
        let key = RateKey(text)
        if let verdict = self.keyed[key]?.take(now: now) { return verdict }
        if self.keyed.count >= self.maxKeys { self.forgetOldest() }
        var bucket = RateBucket(limit: self.limit)
        let verdict = bucket.take(now: now)
        self.keyed[key] = bucket
        self.order.append(key)
        return verdict
    }

    /// How many keys have a bucket now.
    public var keyCount: Int { self.keyed.count }

    /// Bytes the keyed buckets take: what the table and the order of keys
    /// have room for. Keys and buckets hold no heap memory of their own
    /// (`RateKey` is `BitwiseCopyable`), so this is all of it, whatever
    /// the keys' length.
    public var retainedBytes: Int {
        let entry = MemoryLayout<RateKey>.stride + MemoryLayout<RateBucket>.stride
        return self.keyed.capacity * entry + self.order.capacity * MemoryLayout<RateKey>.stride
    }

    private mutating func forgetOldest() {
        self.keyed[self.order[self.oldest]] = nil
        self.oldest += 1
        // Drop the forgotten prefix now and then, not on every request.
        if self.oldest >= self.maxKeys {
            self.order.removeFirst(self.oldest)
            self.oldest = 0
        }
    }
}
