/// A key header's value as a rate limit's bucket table keeps it: a 128-bit
/// digest of the text, never the text. A client may send a 60 KB
/// `X-Client`; ten thousand such keys kept as strings held 600 MB, while
/// the table's cap counts keys, not bytes. A digest is 16 bytes whatever
/// the value's length, so the table is bounded in bytes as well.
///
/// The digest is two runs of the standard library's `Hasher` (SipHash with
/// a seed drawn at random once per process, so no client can aim for a
/// collision), each over the value behind its own prefix. Two different
/// values sharing a digest would share a bucket; for 10,000 keys the odds
/// are about one in 10^29.
public struct RateKey: Hashable, Sendable, BitwiseCopyable {
    let high: UInt64
    let low: UInt64

    public init(_ value: String) {
        self.high = Self.half(0x6869_6768, value)
        self.low = Self.half(0x006C_6F77, value)
    }

    private static func half(_ prefix: UInt64, _ value: String) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(prefix)
        hasher.combine(value)
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }
}
