import SwitchboardCore

extension Pacer {
    /// The `slicer` toxic's draws for one request: piece sizes and the
    /// gaps between pieces, from the seeded random source by endpoint and
    /// request number, so `--seed` repeats them.
    struct Slicer {
        let random: any RandomSource
        let endpoint: Int
        let request: UInt64

        /// The draws for `response`'s request: by its endpoint and request
        /// number, from the snapshot's seeded source; `nil` for an answer
        /// no endpoint decided.
        init?(for response: PreparedResponse, random: any RandomSource) {
            guard let decision = response.notes.decision else { return nil }
            self.init(random: random, endpoint: decision.endpointIndex, request: decision.request)
        }

        init(random: any RandomSource, endpoint: Int, request: UInt64) {
            self.random = random
            self.endpoint = endpoint
            self.request = request
        }

        /// Smallest and largest piece, in bytes. (Toxiproxy averages 1 KB;
        /// small pieces are the ones that catch parsers out.)
        static let pieceSizes = 1...64
        /// Longest gap between pieces, in milliseconds (0 to it).
        static let maxGapMilliseconds = 10

        /// The size of piece `index` and the gap before it (none before
        /// the first), from the seeded stream.
        func draw(_ index: Int) -> (length: Int, gap: Duration) {
            let address = self.request &* (1 << 32) &+ UInt64(index)
            let sizeDraw = self.random.unit(
                endpoint: self.endpoint, request: address, stream: RandomStream.slicerLength.rawValue)
            let gapDraw = self.random.unit(
                endpoint: self.endpoint, request: address, stream: RandomStream.slicerGap.rawValue)
            let sizes = Self.pieceSizes
            let length = sizes.lowerBound + Int(sizeDraw * Double(sizes.count))
            let gap = index == 0 ? .zero : Duration.milliseconds(Int(gapDraw * Double(Self.maxGapMilliseconds + 1)))
            return (length, gap)
        }
    }
}
