import SwitchboardCore
import Testing

/// Issue 22 item 13: a keyed rate limit's table is bounded in bytes, not
/// only in keys. Ten thousand 60 KB `X-Client` values held 600 MB as text.
@Suite struct RateKeyTests {
    /// Compiles only for types without references: a key that kept its
    /// text (a `String`) would not.
    private static func holdsNoHeapMemory<T: BitwiseCopyable>(_: T.Type) -> Int {
        MemoryLayout<T>.size
    }

    @Test(.ownThreads) func tenThousandLongKeysCostTheirDigestsNotTheirText() {
        #expect(Self.holdsNoHeapMemory(RateKey.self) == 16)
        var buckets = RateBuckets(limit: .perSecond(1), keyHeader: "X-Client")
        let long = String(repeating: "k", count: 60 * 1024)
        for index in 0..<10_000 {
            #expect(buckets.take(key: long + String(index), now: .zero).allowed)
        }
        #expect(buckets.keyCount == 10_000)
        // 600 MB of key text went in; the table holds well under 4 MB.
        #expect(buckets.retainedBytes < 4 * 1024 * 1024, "\(buckets.retainedBytes) bytes")
        // Each key still has its own bucket, spent by its first request.
        #expect(!buckets.take(key: long + "0", now: .zero).allowed)
        #expect(!buckets.take(key: long + "9999", now: .zero).allowed)
        #expect(buckets.take(key: long + "10000", now: .zero).allowed)
    }

    @Test func distinctValuesGetDistinctBucketsAndEqualOnesShare() {
        var buckets = RateBuckets(limit: .perSecond(1), keyHeader: "X-Client")
        let clients = (0..<9_000).map { "client-\($0)" } + ["", "a", "A", "a ", "Bearer a", "Bearer b"]
        for client in clients { #expect(buckets.take(key: client, now: .zero).allowed, "\(client)") }
        #expect(buckets.keyCount == clients.count)
        #expect(Set(clients.map(RateKey.init)).count == clients.count)
        for client in ["client-0", "client-8999", "a", "A"] {
            #expect(!buckets.take(key: client, now: .zero).allowed, "\(client) has spent its own token")
        }
        #expect(RateKey("X") == RateKey(String("X")))
    }
}
