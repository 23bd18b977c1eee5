/// A body file's name that a file system takes: most allow 255 bytes a name,
/// and a learned id (a live path's segments) can be longer. A long stem keeps
/// a readable start and ends in a digest of the whole, so two long ids that
/// share their start still name two files.
enum RecordedFileName {
    /// Bytes for the stem: room left under 255 for `-N`, the kind and the
    /// extension.
    static let stemLimit = 160

    /// A leading `.` is `-`: a name starting with one is hidden (`..` is
    /// the folder above), which the fixtures folder never reads
    /// (`RequestFileRule`), so an import of `operationId: ../../etc/x`
    /// stopped half-written.
    static func stem(_ id: String) -> String {
        let dots = id.prefix { $0 == "." }.count
        let text = String(repeating: "-", count: dots) + id.dropFirst(dots)
        guard text.utf8.count > Self.stemLimit else { return text }
        // `StableHash`: FNV-1a, stable across runs and platforms
        // (unlike `Hasher`), so a recording names the same file next time.
        let digest = String(StableHash.of(text), radix: 16)
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
}
