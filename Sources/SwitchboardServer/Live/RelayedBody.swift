import NIOCore

/// A live answer's body as relayed, kept whole for recording at a constant
/// cost per part, however small the parts come: an SSE or NDJSON feed, or
/// an LLM's tokens, can arrive a byte at a time, 200,000 parts a second.
///
/// A large part is kept as it is, shared with the write that sends it on
/// (no copy); small ones are copied into one buffer of our own, which
/// grows in place until it holds `mergedLimit` bytes: the parts kept stay
/// few (about one per `mergeBelow` bytes at most) and each is appended in
/// amortised constant time.
struct RelayedBody {
    /// The body so far, in order.
    private(set) var parts: [ByteBuffer] = []
    /// Whether the last of `parts` is our own merged buffer, still open to
    /// more small parts.
    private var lastIsMerged = false

    /// Parts under this size are merged rather than kept as they are.
    static let mergeBelow = 4096
    /// A merged buffer holds at most this much before another is started:
    /// the room it may leave unused stays small.
    static let mergedLimit = 64 * 1024

    mutating func append(_ part: ByteBuffer) {
        guard part.readableBytes > 0 else { return }
        guard part.readableBytes < Self.mergeBelow else {
            self.parts.append(part)
            self.lastIsMerged = false
            return
        }
        let last = self.parts.count - 1
        if self.lastIsMerged, self.parts[last].readableBytes + part.readableBytes <= Self.mergedLimit {
            // In place: the array and the buffer are ours alone.
            self.parts[last].writeImmutableBuffer(part)
        } else {
            var merged = ByteBuffer()
            merged.reserveCapacity(Self.mergeBelow)
            merged.writeImmutableBuffer(part)
            self.parts.append(merged)
            self.lastIsMerged = true
        }
    }

    /// Stops keeping the body (it passed `LiveAnswers.bodyLimit`).
    mutating func drop() {
        self.parts = []
        self.lastIsMerged = false
    }

    /// The body in one buffer.
    var joined: ByteBuffer {
        var body = ByteBuffer()
        body.reserveCapacity(self.parts.reduce(0) { $0 + $1.readableBytes })
        for part in self.parts { body.writeImmutableBuffer(part) }
        return body
    }
}
