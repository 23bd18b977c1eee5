/// How a body is sent at a limited bandwidth: in small chunks on a timer,
/// each chunk leaving when the bytes before it would have arrived, so a
/// 32 KB body at 16 KB/s ends after about two seconds.
///
/// Chunks are worked out one at a time: a large body at a slow rate would
/// otherwise be tens of thousands of chunks planned per request.
struct BodyTrickle: Equatable {
    struct Chunk: Equatable {
        var offset: Int
        var length: Int
        /// Time after the headers were written.
        var at: Duration
    }

    /// One chunk per tick.
    static let tick: Duration = .milliseconds(50)

    let bytes: Int
    let bytesPerSecond: Int
    private let perTick: Int

    init(bytes: Int, bytesPerSecond: Int) {
        self.bytes = bytes
        self.bytesPerSecond = bytesPerSecond
        self.perTick = max(1, Int((Double(bytesPerSecond) * Self.tick.milliseconds / 1000).rounded()))
    }

    /// The chunk that starts at `offset`; nil once the body is all sent.
    func chunk(at offset: Int) -> Chunk? {
        guard offset < self.bytes, self.bytesPerSecond > 0 else { return nil }
        let length = min(self.perTick, self.bytes - offset)
        // The chunk is sent when all bytes up to its end have "arrived".
        let at = Duration.nanoseconds(Int64((Double(offset + length) / Double(self.bytesPerSecond) * 1e9).rounded()))
        return Chunk(offset: offset, length: length, at: at)
    }
}
