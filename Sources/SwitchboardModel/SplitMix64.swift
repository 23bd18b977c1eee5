/// SplitMix64's finaliser: one 64-bit number scrambled into another, every
/// bit of the input reaching every bit of the output.
///
/// The one mixer behind Switchboard's counter-based draws: the core's
/// `SeededRandom` (flaky outcomes, delays, garbage) and the samples
/// generated from an OpenAPI schema, which address their draws by seed and
/// place the same way.
public enum SplitMix64 {
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
