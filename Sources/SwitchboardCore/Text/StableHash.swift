/// FNV-1a (64 bits): the same number for the same bytes on every run and
/// platform (Swift's `Hasher` is seeded per process). What a generated
/// body's seed is made from (an operation's id), and how `switchboard
/// import` tells an edited body and a recorded file's name its digest.
package enum StableHash {
    package static func of(_ text: String) -> UInt64 {
        Self.of(bytes: text.utf8)
    }

    package static func of(bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
