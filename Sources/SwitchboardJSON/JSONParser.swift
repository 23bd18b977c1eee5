import Foundation

/// Reads JSON text, byte by byte, into a `JSONTree`: a `JSONValue`, what a
/// request's body costs to read for a body requirement, a template or a
/// resource; or the OpenAPI loader's tree of a JSON description.
/// Foundation's `JSONDecoder` through `Decodable` cost some 70,000
/// instructions for a two-field object (each wrong guess at a value's type
/// a thrown error); this costs a few hundred.
///
/// Strict: RFC 8259's grammar, the whole input one value (whitespace
/// around it), strings valid UTF-8 with their escapes; nesting deeper than
/// `depthLimit` is refused rather than followed down the stack, and so is
/// a number too large for a `Double`.
///
/// Inlinable, so that each module specializes it for the tree it builds:
/// through the protocol's witnesses, unspecialized, each value costs calls.
public struct JSONParser<Tree: JSONTree> {
    @inlinable static var depthLimit: Int { 512 }

    @usableFromInline let bytes: [UInt8]
    @usableFromInline var index = 0
    @usableFromInline var depth = 0

    @inlinable init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// `bytes` as one JSON value; `nil` when they are not one (or the tree
    /// refuses an object).
    @inlinable public static func parse(_ bytes: [UInt8]) -> Tree? {
        var parser = JSONParser(bytes)
        guard let value = parser.value() else { return nil }
        parser.skipWhitespace()
        return parser.index == bytes.count ? value : nil
    }

    @inlinable mutating func value() -> Tree? {
        self.skipWhitespace()
        guard self.index < self.bytes.count else { return nil }
        switch self.bytes[self.index] {
        case UInt8(ascii: "{"): return self.object()
        case UInt8(ascii: "["): return self.array()
        case UInt8(ascii: "\""): return self.string().map(Tree.string)
        case UInt8(ascii: "t"): return self.literal("true", .bool(true))
        case UInt8(ascii: "f"): return self.literal("false", .bool(false))
        case UInt8(ascii: "n"): return self.literal("null", .null)
        default: return self.number()
        }
    }

    @inlinable mutating func object() -> Tree? {
        guard self.enter() else { return nil }
        defer { self.depth -= 1 }
        self.index += 1
        var members = Tree.members()
        self.skipWhitespace()
        if self.take(UInt8(ascii: "}")) { return Tree.object(members: members) }
        repeat {
            self.skipWhitespace()
            guard self.peek == UInt8(ascii: "\""), let key = self.string() else { return nil }
            self.skipWhitespace()
            guard self.take(UInt8(ascii: ":")), let value = self.value() else { return nil }
            Tree.add(key, value, to: &members)
            self.skipWhitespace()
        } while self.take(UInt8(ascii: ","))
        return self.take(UInt8(ascii: "}")) ? Tree.object(members: members) : nil
    }

    @inlinable mutating func array() -> Tree? {
        guard self.enter() else { return nil }
        defer { self.depth -= 1 }
        self.index += 1
        var items: [Tree] = []
        self.skipWhitespace()
        if self.take(UInt8(ascii: "]")) { return .array(items) }
        repeat {
            guard let item = self.value() else { return nil }
            items.append(item)
            self.skipWhitespace()
        } while self.take(UInt8(ascii: ","))
        return self.take(UInt8(ascii: "]")) ? .array(items) : nil
    }

    /// A string from its opening quote; `nil` for a bad escape, a control
    /// character, invalid UTF-8 or no closing quote.
    @inlinable mutating func string() -> String? {
        self.index += 1
        // Most strings (every key of a description) are ASCII without an
        // escape: made from the input's bytes at once, with no copy to
        // build and no Foundation check (ASCII is valid UTF-8).
        let start = self.index
        var ascii = true
        while self.index < self.bytes.count {
            let byte = self.bytes[self.index]
            if byte == UInt8(ascii: "\"") {
                self.index += 1
                let read = self.bytes[start..<self.index - 1]
                return ascii ? String(decoding: read, as: UTF8.self) : Self.text(Array(read))
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            if byte >= 0x80 { ascii = false }
            self.index += 1
        }
        var utf8 = Array(self.bytes[start..<self.index])
        while self.index < self.bytes.count {
            let byte = self.bytes[self.index]
            self.index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return Self.text(utf8)
            case UInt8(ascii: "\\"):
                guard self.index < self.bytes.count else { return nil }
                let escape = self.bytes[self.index]
                self.index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = self.unicodeEscape() else { return nil }
                    utf8.append(contentsOf: String(scalar).utf8)
                default: return nil
                }
            case 0x00..<0x20:
                return nil
            default:
                utf8.append(byte)
            }
        }
        return nil
    }

    /// `utf8` as text; `nil` when it is not valid UTF-8. Foundation's
    /// check, not `String(validating:)`: that one needs iOS 18 and macOS 15.
    /// (Not inlinable: Foundation is this module's own import.)
    @usableFromInline static func text(_ utf8: [UInt8]) -> String? {
        String(bytes: utf8, encoding: .utf8)
    }

    /// The scalar of a `\u` escape and its four hex digits (the `\u` read),
    /// a surrogate pair taking two escapes.
    @inlinable mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = self.hex4() else { return nil }
        if (0xD800..<0xDC00).contains(high) {
            guard self.take(UInt8(ascii: "\\")), self.take(UInt8(ascii: "u")), let low = self.hex4(),
                (0xDC00..<0xE000).contains(low)
            else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high)
    }

    @inlinable mutating func hex4() -> UInt32? {
        guard self.index + 4 <= self.bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in self.bytes[self.index..<self.index + 4] {
            guard let digit = Self.hexDigit(byte) else { return nil }
            value = value << 4 | digit
        }
        self.index += 4
        return value
    }

    @inlinable static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`
    @inlinable mutating func number() -> Tree? {
        let start = self.index
        _ = self.take(UInt8(ascii: "-"))
        if self.take(UInt8(ascii: "0")) {
            // No leading zeros: `01` is not a number.
        } else if self.digits() == 0 {
            return nil
        }
        if self.take(UInt8(ascii: ".")), self.digits() == 0 { return nil }
        if self.take(UInt8(ascii: "e")) || self.take(UInt8(ascii: "E")) {
            if !self.take(UInt8(ascii: "+")) { _ = self.take(UInt8(ascii: "-")) }
            if self.digits() == 0 { return nil }
        }
        let text = String(decoding: self.bytes[start..<self.index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else { return nil }
        return Tree.number(number, text: text)
    }

    @inlinable mutating func digits() -> Int {
        let start = self.index
        while let byte = self.peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { self.index += 1 }
        return self.index - start
    }

    @inlinable mutating func literal(_ word: StaticString, _ value: Tree) -> Tree? {
        let count = word.utf8CodeUnitCount
        guard self.index + count <= self.bytes.count else { return nil }
        let matches = word.withUTF8Buffer { self.bytes[self.index..<self.index + count].elementsEqual($0) }
        guard matches else { return nil }
        self.index += count
        return value
    }

    @inlinable mutating func enter() -> Bool {
        self.depth += 1
        return self.depth <= Self.depthLimit
    }

    @inlinable var peek: UInt8? {
        self.index < self.bytes.count ? self.bytes[self.index] : nil
    }

    @inlinable mutating func take(_ byte: UInt8) -> Bool {
        guard self.peek == byte else { return false }
        self.index += 1
        return true
    }

    @inlinable mutating func skipWhitespace() {
        while let byte = self.peek,
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
        {
            self.index += 1
        }
    }
}
