/// How a body is sent at a limited bandwidth: in small chunks on a timer,
/// each chunk leaving when the bytes before it would have arrived, so a
/// 32 KB body at 16 KB/s ends after about two seconds.
struct BodyTrickle: Equatable {
    struct Chunk: Equatable {
        var offset: Int
        var length: Int
        /// Time after the headers were written.
        var at: Duration
    }

    /// One chunk per tick.
    static let tick: Duration = .milliseconds(50)

    static func plan(bytes: Int, bytesPerSecond: Int) -> [Chunk] {
        guard bytes > 0, bytesPerSecond > 0 else { return [] }
        let perTick = max(1, Int((Double(bytesPerSecond) * Self.tick.seconds).rounded()))
        var chunks: [Chunk] = []
        var offset = 0
        while offset < bytes {
            let length = min(perTick, bytes - offset)
            offset += length
            // The chunk is sent when all bytes up to its end have "arrived".
            let at = Duration.nanoseconds(Int64((Double(offset) / Double(bytesPerSecond) * 1e9).rounded()))
            chunks.append(Chunk(offset: offset - length, length: length, at: at))
        }
        return chunks
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = self.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
