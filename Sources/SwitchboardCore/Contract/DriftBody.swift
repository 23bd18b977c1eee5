/// Which of a real API's bodies drift is checked in, by `live` and by
/// `check --against` alike, and how it is read.
public enum DriftBody {
    /// Bodies up to this size, as they came and decoded, are checked
    /// against the description (`drift`, `check --against`): each is held
    /// whole to be parsed. Decoded too: 1 MiB of gzip can hold gigabytes,
    /// and the recorder's 16 MiB decoded would take seconds to parse and
    /// check.
    public static let limit = 1 << 20

    /// The body decoded as its `Content-Encoding` says; `nil` when it
    /// cannot be (brotli, a broken stream) or is past `limit` as it came
    /// or decoded.
    public static func checked(_ body: [UInt8], contentEncoding: String?) -> [UInt8]? {
        guard body.count <= Self.limit else { return nil }
        return Inflate.decoding(body, contentEncoding: contentEncoding, limit: Self.limit)
    }
}
