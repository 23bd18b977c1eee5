import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// The token bucket, driven by a virtual clock: `now` is only ever what a
/// test passes in.
@Suite struct RateBucketTests {
    @Test func theSpellingsReadAndWriteBack() {
        #expect(RateLimit(text: "5/s") == .perSecond(5))
        #expect(RateLimit(text: "60/min") == .perMinute(60))
        #expect(RateLimit(text: " 2 / sec ") == .perSecond(2))
        #expect(RateLimit.perMinute(60).description == "60/min")
        #expect(RateLimit.perSecond(5).description == "5/s")
        for wrong in ["5", "0/s", "-1/s", "5/h", "five/s", "5/s/s", "2000000/s"] {
            #expect(RateLimit(text: wrong) == nil, "\(wrong)")
        }
        #expect(RateLimitChoice(text: "off") == .noLimit)
        #expect(RateLimitChoice(text: "none") == .noLimit)
        #expect(RateLimitChoice(text: "5/s") == .perSecond(5))
        #expect(RateLimitChoice(text: "lots") == nil)
    }

    @Test func aBurstOfTheLimitPassesWithRemainingCountingDown() {
        var bucket = RateBucket(limit: .perSecond(5))
        let remaining = (0..<5).map { _ in bucket.take(now: .seconds(10)) }
        #expect(remaining.allSatisfy { $0.allowed })
        #expect(remaining.map(\.remaining) == [4, 3, 2, 1, 0])
        #expect(remaining.map(\.limit) == [5, 5, 5, 5, 5])
        #expect(remaining.map(\.reset) == [1, 1, 1, 1, 1])
        #expect(remaining.allSatisfy { $0.retryAfter == nil })
    }

    @Test func theNextOneIsRefusedWithRetryAfterInWholeSecondsRoundedUp() {
        var bucket = RateBucket(limit: .perSecond(5))
        for _ in 0..<5 { _ = bucket.take(now: .seconds(10)) }
        let refused = bucket.take(now: .seconds(10))
        #expect(!refused.allowed)
        // One token is back after 0.2 s: told 1 s, never 0.
        #expect(refused.retryAfter == 1)
        #expect(refused.remaining == 0)
        #expect(refused.early == nil)

        var slow = RateBucket(limit: .perMinute(2))
        _ = slow.take(now: .zero)
        _ = slow.take(now: .zero)
        // A token takes 30 s to come back; 29.5 s is still 30 once rounded up.
        let later = slow.take(now: .milliseconds(500))
        #expect(later.retryAfter == 30)
    }

    @Test func tokensComeBackAtTheRate() {
        var bucket = RateBucket(limit: .perSecond(5))
        for _ in 0..<5 { _ = bucket.take(now: .zero) }
        // 0.2 s later exactly one is back.
        let one = bucket.take(now: .milliseconds(1200))
        #expect(one.allowed, "the client waited its Retry-After and more")
        // A full second later the bucket is full again: a whole burst passes.
        var full = RateBucket(limit: .perSecond(5))
        for _ in 0..<5 { _ = full.take(now: .zero) }
        let burst = (0..<5).map { _ in full.take(now: .seconds(1)) }
        #expect(burst.allSatisfy { $0.allowed })
        #expect(full.take(now: .seconds(1)).allowed == false)
    }

    @Test func aSteadyClientAtTheRateIsNeverRefused() {
        var bucket = RateBucket(limit: .perSecond(5))
        let verdicts = (0..<100).map { bucket.take(now: .milliseconds(200 * $0)) }
        #expect(verdicts.allSatisfy { $0.allowed })
        #expect(verdicts.last?.remaining == 4)
    }

    @Test func comingBackBeforeRetryAfterIsRefusedAndFlaggedWithHowEarly() throws {
        var bucket = RateBucket(limit: .perSecond(5))
        for _ in 0..<5 { _ = bucket.take(now: .seconds(10)) }
        let refused = bucket.take(now: .seconds(10))
        #expect(refused.retryAfter == 1)
        // A token is back after 0.2 s, but the client was told 1 s: at
        // 0.6 s it is 0.4 s early, and refused although a token is there.
        let early = bucket.take(now: .seconds(10) + .milliseconds(600))
        #expect(!early.allowed)
        #expect(early.early == .milliseconds(400))
        #expect(early.retryAfter == 1)
        #expect(RateLimited(limit: .perSecond(5), early: early.early).earlyText == "retried 0.4 s early")
        // Once Retry-After has passed, it is served.
        let honest = bucket.take(now: .seconds(11))
        #expect(honest.allowed)
        #expect(honest.early == nil)
    }

    @Test func perKeyBucketsAreSeparateAndKeylessRequestsShareOne() {
        var buckets = RateBuckets(limit: .perSecond(1), keyHeader: "Authorization")
        #expect(buckets.take(key: "Bearer a", now: .zero).allowed)
        #expect(!buckets.take(key: "Bearer a", now: .zero).allowed)
        #expect(buckets.take(key: "Bearer b", now: .zero).allowed)
        #expect(buckets.take(key: nil, now: .zero).allowed)
        #expect(!buckets.take(key: nil, now: .zero).allowed)
        // The early flag is per key too: b was never refused.
        #expect(buckets.take(key: "Bearer a", now: .milliseconds(500)).early == .milliseconds(500))
        #expect(buckets.take(key: "Bearer b", now: .milliseconds(500)).early == nil)
    }

    /// Review item 2: forty parallel requests, each on its own connection,
    /// none of which had seen a 429, are refused but never flagged; only
    /// the connection that was refused and came back is early. A request
    /// from a new connection is a new client: once a token is back, served.
    @Test func onlyTheClientThatGotA429IsEarlyNotItsParallelNeighbours() {
        let limiter = RateLimiter(limit: .perSecond(5))
        var connections = [RetryDeadline](repeating: RetryDeadline(), count: 40)
        let burst = connections.indices.map { limiter.take(key: nil, now: .seconds(10), connection: &connections[$0]) }
        #expect(burst.filter(\.allowed).count == 5)
        #expect(burst.filter { !$0.allowed }.count == 35)
        #expect(burst.allSatisfy { $0.early == nil })
        // The sixth connection, refused, retries on itself 0.6 s later.
        let retry = limiter.take(key: nil, now: .seconds(10) + .milliseconds(600), connection: &connections[5])
        #expect(!retry.allowed && retry.early == .milliseconds(400))
        // A first request on a new connection then is no retry at all.
        var fresh = RetryDeadline()
        let newcomer = limiter.take(key: nil, now: .seconds(10) + .milliseconds(600), connection: &fresh)
        #expect(newcomer.allowed && newcomer.early == nil)
        // Past its Retry-After, the refused connection is served.
        let honest = limiter.take(key: nil, now: .seconds(11), connection: &connections[6])
        #expect(honest.allowed && honest.early == nil)
    }

    /// With a key header the key's value is the client, whichever
    /// connection it comes back on; a connection's deadline belongs to the
    /// limiter that set it.
    @Test func aKeyedClientIsEarlyOnAnyConnectionAndADeadlineBelongsToItsLimiter() {
        let keyed = RateLimiter(limit: .perSecond(1), keyHeader: "X-Client")
        var first = RetryDeadline()
        var second = RetryDeadline()
        #expect(keyed.take(key: "a", now: .zero, connection: &first).allowed)
        #expect(keyed.take(key: "a", now: .zero, connection: &first).early == nil)
        #expect(keyed.take(key: "a", now: .milliseconds(300), connection: &second).early == .milliseconds(700))
        #expect(keyed.take(key: "b", now: .milliseconds(300), connection: &first).allowed)

        let one = RateLimiter(limit: .perSecond(1))
        let other = RateLimiter(limit: .perSecond(1))
        var connection = RetryDeadline()
        _ = one.take(key: nil, now: .zero, connection: &connection)
        #expect(one.take(key: nil, now: .zero, connection: &connection).retryAfter == 1)
        _ = other.take(key: nil, now: .zero, connection: &connection)
        #expect(!other.take(key: nil, now: .zero, connection: &connection).allowed)
        // `other` refused it last: `one`'s deadline is forgotten, not early.
        #expect(one.take(key: nil, now: .milliseconds(100), connection: &connection).early == nil)
    }

    @Test func keysAreCappedTheOldestForgottenFirst() {
        var buckets = RateBuckets(limit: .perSecond(1), keyHeader: "X-Client", maxKeys: 3)
        for key in ["a", "b", "c"] { #expect(buckets.take(key: key, now: .zero).allowed) }
        #expect(buckets.keyCount == 3)
        // A fourth key pushes out "a", which then starts with a full bucket.
        #expect(buckets.take(key: "d", now: .zero).allowed)
        #expect(buckets.keyCount == 3)
        #expect(!buckets.take(key: "b", now: .zero).allowed, "b is still remembered")
        #expect(buckets.take(key: "a", now: .zero).allowed, "a was forgotten")
        #expect(buckets.keyCount == 3)
        // Many more keys keep the count at the cap.
        for index in 0..<50 { _ = buckets.take(key: "k\(index)", now: .zero) }
        #expect(buckets.keyCount == 3)
    }
}
