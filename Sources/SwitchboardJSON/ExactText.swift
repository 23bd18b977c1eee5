/// Text compared and hashed by its UTF-8 bytes, as JSON compares strings
/// (RFC 8259 §8.3: code unit by code unit).
///
/// Swift's `String` compares by canonical equivalence: `"é"` (U+00E9) and
/// `"e\u{301}"` are one `String`, but two JSON strings, two keys of one
/// object and two resource ids, since a client sent different bytes.
public struct ExactText: Hashable, Sendable, Comparable {
    public let string: String

    public init(_ string: String) {
        self.string = string
    }

    public static func == (left: ExactText, right: ExactText) -> Bool {
        left.string.utf8.elementsEqual(right.string.utf8)
    }

    /// By bytes, which is by code point: the order `String` gives text in
    /// normal form C, and a total one for text that is not.
    public static func < (left: ExactText, right: ExactText) -> Bool {
        left.string.utf8.lexicographicallyPrecedes(right.string.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        // `withUTF8` makes a bridged string's bytes contiguous first (a
        // native one's are), so equal bytes always hash alike.
        var text = self.string
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(text.utf8.count)
    }
}

extension ExactText: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self.string = value
    }
}
