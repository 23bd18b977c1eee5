import SwitchboardCore

/// How a body leaves under the connection toxics: in what pieces, and
/// when. Which bytes go is the answer's plan (`limit_data` is its cut,
/// see `AnswerPlan.Cut`); this only paces them.
///
/// A value, worked out one piece at a time like `BodyTrickle`: the slicer's
/// pieces are 1–64 bytes with 0–10 ms gaps, drawn from the seeded random
/// source by endpoint and request number, so `--seed` repeats them. A
/// bandwidth profile still holds: no piece leaves before the bytes up to
/// its end would have arrived at that rate.
struct ToxicBody {
    /// The slicer's draws for one request.
    struct Slicer {
        let random: any RandomSource
        let endpoint: Int
        let request: UInt64

        /// The size of piece `index` and the gap before it (none before
        /// the first), from the seeded stream.
        func draw(_ index: Int) -> (length: Int, gap: Duration) {
            let address = self.request &* (1 << 32) &+ UInt64(index)
            let sizeDraw = self.random.unit(
                endpoint: self.endpoint, request: address, stream: RandomStream.slicerLength.rawValue)
            let gapDraw = self.random.unit(
                endpoint: self.endpoint, request: address, stream: RandomStream.slicerGap.rawValue)
            let sizes = ToxicBody.pieceSizes
            let length = sizes.lowerBound + Int(sizeDraw * Double(sizes.count))
            let gap =
                index == 0 ? .zero : Duration.milliseconds(Int(gapDraw * Double(ToxicBody.maxGapMilliseconds + 1)))
            return (length, gap)
        }
    }

    /// Smallest and largest slicer piece, in bytes. (Toxiproxy averages
    /// 1 KB; small pieces are the ones that catch parsers out.)
    static let pieceSizes = 1...64
    /// Longest gap between slicer pieces, in milliseconds (0 to it).
    static let maxGapMilliseconds = 10

    /// Body bytes that are sent.
    let bytes: Int
    let bandwidth: Int?
    let slicer: Slicer?

    /// `slicer`: the draws, when the `slicer` toxic is on.
    init(bytes: Int, bandwidth: Int?, slicer: Slicer?) {
        self.bytes = bytes
        self.bandwidth = bandwidth
        self.slicer = slicer
    }

    /// A piece and its number, the address of its draws.
    struct Piece: Equatable {
        var index: Int
        var chunk: BodyTrickle.Chunk
    }

    /// The piece after `previous` (the first for `nil`); `nil` once the
    /// bytes are all sent.
    func piece(after previous: Piece?) -> Piece? {
        let offset = previous.map { $0.chunk.offset + $0.chunk.length } ?? 0
        let index = previous.map { $0.index + 1 } ?? 0
        guard offset < self.bytes else { return nil }
        guard let slicer = self.slicer else {
            if let bandwidth = self.bandwidth {
                let chunk = BodyTrickle(bytes: self.bytes, bytesPerSecond: bandwidth).chunk(at: offset)
                return chunk.map { Piece(index: index, chunk: $0) }
            }
            return Piece(index: 0, chunk: BodyTrickle.Chunk(offset: 0, length: self.bytes, at: .zero))
        }
        let draw = slicer.draw(index)
        let length = min(draw.length, self.bytes - offset)
        var at = (previous?.chunk.at ?? .zero) + draw.gap
        if let bandwidth = self.bandwidth, bandwidth > 0 {
            let arrived = Duration.nanoseconds(Int64((Double(offset + length) / Double(bandwidth) * 1e9).rounded()))
            at = max(at, arrived)
        }
        return Piece(index: index, chunk: BodyTrickle.Chunk(offset: offset, length: length, at: at))
    }
}
