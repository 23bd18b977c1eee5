import SwitchboardModel

/// Where flaky outcomes, random delays and garbage bytes come from.
///
/// Draws are addressed rather than consumed: the same endpoint, request
/// number and stream always give the same number. So with `--seed` each
/// endpoint's outcomes repeat exactly from run to run, whatever the other
/// endpoints are doing, and tests can inject a source whose numbers they
/// choose.
public protocol RandomSource: Sendable {
    /// A number in [0, 1).
    func unit(endpoint: Int, request: UInt64, stream: UInt64) -> Double
}

/// A counter-based generator (SplitMix64 over the address of each draw).
public struct SeededRandom: RandomSource {
    public let seed: UInt64

    public init(seed: UInt64) {
        self.seed = seed
    }

    /// A seed from the system's generator, for runs without `--seed`.
    public static func unseeded() -> SeededRandom {
        SeededRandom(seed: UInt64.random(in: .min ... .max))
    }

    public func unit(endpoint: Int, request: UInt64, stream: UInt64) -> Double {
        var x = self.seed
        x = Self.mix(x ^ UInt64(truncatingIfNeeded: endpoint) &* 0x9E37_79B9_7F4A_7C15)
        x = Self.mix(x ^ request &* 0xBF58_476D_1CE4_E5B9)
        x = Self.mix(x ^ stream &* 0x94D0_49BB_1331_11EB)
        return Double(x >> 11) * 0x1.0p-53
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        SplitMix64.mix(value)
    }
}

/// The streams of numbers one request may draw, kept apart so that adding
/// a draw for one purpose never shifts another.
public enum RandomStream: UInt64, Sendable {
    case flaky = 1
    case delay = 2
    case delaySpread = 3
    case garbage = 4
    case garbageLength = 5
    case networkFault = 6
    case slicerLength = 7
    case slicerGap = 8
    /// `{uuid}` and `{random:…}` in templates (`RequestValue`): this and
    /// the streams after it, one per placeholder of an answer.
    case template = 64
}
