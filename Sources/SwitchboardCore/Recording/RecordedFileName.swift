/// A body file's name that a file system takes: most allow 255 bytes a name,
/// and a learned id (a live path's segments) can be longer. A long stem keeps
/// a readable start and ends in a digest of the whole, so two long ids that
/// share their start still name two files.
enum RecordedFileName {
    /// Bytes for the stem: room left under 255 for `-N`, the kind and the
    /// extension.
    static let stemLimit = 160

    static func stem(_ text: String) -> String {
        guard text.utf8.count > Self.stemLimit else { return text }
        let digest = String(Self.fnv1a(text), radix: 16)
        let kept = Self.stemLimit - 1 - 16
        var prefix = ""
        var bytes = 0
        for scalar in text.unicodeScalars {
            let size = String(scalar).utf8.count
            guard bytes + size <= kept else { break }
            prefix.unicodeScalars.append(scalar)
            bytes += size
        }
        return prefix + "-" + String(repeating: "0", count: 16 - digest.count) + digest
    }

    /// FNV-1a, 64 bits: stable across runs and platforms (unlike `Hasher`),
    /// so a recording names the same file the next time.
    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
