/// Bytes as text when they are valid UTF-8, `nil` when they are not: what
/// the standard library's `String(validating:as:)` does, which needs
/// macOS 15 / iOS 18, above the platforms SwitchboardKit supports.
public enum UTF8Text {
    public static func decode(_ bytes: some Collection<UInt8>) -> String? {
        let invalid = transcode(
            bytes.makeIterator(), from: UTF8.self, to: UTF8.self, stoppingOnError: true, into: { _ in })
        return invalid ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
