import SwitchboardCore
import Testing

/// Seeds and digests written to disk are the same on every run and
/// platform: FNV-1a's published values, not a per-process `Hasher`.
struct StableHashTests {
    @Test(arguments: [
        ("", 0xcbf2_9ce4_8422_2325 as UInt64),
        ("a", 0xaf63_dc4c_8601_ec8c),
        ("foobar", 0x8594_4171_f739_67e8),
    ])
    func aTextHashesToFNV1a(text: String, expected: UInt64) {
        #expect(StableHash.of(text) == expected)
        #expect(StableHash.of(bytes: Array(text.utf8)) == expected)
    }
}
