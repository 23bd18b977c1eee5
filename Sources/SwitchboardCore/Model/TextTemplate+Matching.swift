/// Reading a template backwards: which values, filled in, give a text. For
/// file names (`episodes/{episode}.json`), so the loader and the screen's
/// suggested request agree on what a file stands for.
extension TextTemplate {
    /// The values that render to `text`, `nil` when none do. A placeholder
    /// takes one or more characters, never a `/`; where several splits fit,
    /// earlier placeholders take as little as they can.
    public func values(in text: String) -> [String: String]? {
        var values: [String: String] = [:]
        guard Self.match(Array(text.utf8)[...], self.parts[...], into: &values) else { return nil }
        return values
    }

    private static func match(
        _ text: ArraySlice<UInt8>, _ parts: ArraySlice<Part>, into values: inout [String: String]
    ) -> Bool {
        guard let first = parts.first else { return text.isEmpty }
        switch first {
        case .literal(let bytes):
            guard text.starts(with: bytes) else { return false }
            return match(text.dropFirst(bytes.count), parts.dropFirst(), into: &values)
        case .parameter(let name):
            var length = 1
            while length <= text.count {
                let taken = text.prefix(length)
                if taken.last == UInt8(ascii: "/") { return false }
                // Never inside a letter: its next byte would continue it.
                if length < text.count, text[text.startIndex + length] & 0xC0 == 0x80 {
                    length += 1
                    continue
                }
                // The same name twice must take the same value both times.
                let value = String(decoding: taken, as: UTF8.self)
                if values[name].map({ $0 == value }) ?? true {
                    let before = values[name]
                    values[name] = value
                    if match(text.dropFirst(length), parts.dropFirst(), into: &values) { return true }
                    values[name] = before
                }
                length += 1
            }
            return false
        }
    }
}
