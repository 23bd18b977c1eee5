/// The `Retry-After` one client was given: a retry is early only when the
/// client that got the 429 comes back before it. Who the client is: with a
/// key header (`rate_limit_key`), the key's value, whose bucket keeps its
/// own deadline; without one, the connection, which keeps this value (a
/// keep-alive client retries on it). Never the endpoint as a whole: parallel
/// requests that never saw a 429 are new clients, not early ones.
///
/// A new connection without a key is a new client, even from the same
/// address: the server cannot tell a loop of fresh connections from a burst
/// of parallel ones whose answers happened not to overlap.
public struct RetryDeadline: Sendable {
    /// The limiter whose 429 set `at`: a deadline means nothing to another
    /// endpoint, nor to the same one once its limit is renewed (a new
    /// limiter). Held, not identified by address, so a freed limiter's
    /// deadline can never pass for a new one's.
    var limiter: RateLimiter?
    /// When the client was told it could come back, on the limiter's clock.
    var at: Duration?

    public init() {}

    /// The deadline `limiter` set, if it set the last one.
    func deadline(for limiter: RateLimiter) -> Duration? {
        self.limiter === limiter ? self.at : nil
    }

    mutating func record(_ at: Duration?, by limiter: RateLimiter) {
        if let at {
            self.limiter = limiter
            self.at = at
        } else if self.limiter === limiter {
            self = RetryDeadline()
        }
    }
}
