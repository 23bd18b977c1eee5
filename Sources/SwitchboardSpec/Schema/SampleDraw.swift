import SwitchboardModel

/// The numbers a sample draws, addressed rather than consumed (as the
/// core's `SeededRandom` does): a draw depends on the seed, the place in
/// the value (`items[1].name`) and what it is for, so a property's value
/// stays the same when the schema gains another property elsewhere.
struct SampleDraw {
    let seed: UInt64
    let address: UInt64

    init(seed: UInt64) {
        self.seed = seed
        self.address = 0xCBF2_9CE4_8422_2325
    }

    private init(seed: UInt64, address: UInt64) {
        self.seed = seed
        self.address = address
    }

    /// The draws of a property.
    func property(_ name: String) -> SampleDraw {
        // FNV-1a: stable across runs, unlike Swift's seeded `Hasher`.
        var hash = self.address ^ 0x2E
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return SampleDraw(seed: self.seed, address: SplitMix64.mix(hash))
    }

    /// The draws of an item, or of a branch or retry numbered `index`.
    func item(_ index: Int) -> SampleDraw {
        SampleDraw(seed: self.seed, address: SplitMix64.mix(self.address ^ 0x5B ^ UInt64(index) &* 0x9E37_79B9))
    }

    /// A number for `purpose` at this place.
    func number(_ purpose: UInt64) -> UInt64 {
        SplitMix64.mix(SplitMix64.mix(self.seed ^ self.address) ^ purpose &* 0xBF58_476D_1CE4_E5B9)
    }

    /// A number in [0, 1).
    func unit(_ purpose: UInt64) -> Double {
        Double(self.number(purpose) >> 11) * 0x1.0p-53
    }

    /// A whole number in `range` (whose width fits an Int).
    func integer(in range: ClosedRange<Int>, _ purpose: UInt64) -> Int {
        let width = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        if width == 0 { return range.lowerBound &+ Int(truncatingIfNeeded: self.number(purpose)) }
        return range.lowerBound &+ Int(truncatingIfNeeded: self.number(purpose) % width)
    }
}
