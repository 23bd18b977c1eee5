/// What a rate limit says about one request, and the figures its
/// `RateLimit-*` headers (and, refused, `Retry-After`) carry.
public struct RateVerdict: Sendable, Hashable {
    /// Within the limit: the endpoint answers as its setting says.
    public var allowed: Bool
    /// The limit's count (`RateLimit-Limit`).
    public var limit: Int
    /// Requests left before the limit bites (`RateLimit-Remaining`).
    public var remaining: Int
    /// Whole seconds until the bucket is full again (`RateLimit-Reset`).
    public var reset: Int
    /// Refused: whole seconds to wait (`Retry-After`), at least 1.
    public var retryAfter: Int?
    /// Refused because the client came back before the `Retry-After` it
    /// was given had passed: by how much.
    public var early: Duration?

    public init(
        allowed: Bool, limit: Int, remaining: Int, reset: Int, retryAfter: Int? = nil, early: Duration? = nil
    ) {
        self.allowed = allowed
        self.limit = limit
        self.remaining = remaining
        self.reset = reset
        self.retryAfter = retryAfter
        self.early = early
    }
}
