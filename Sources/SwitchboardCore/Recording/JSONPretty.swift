/// Re-indents JSON without parsing it into objects, so the upstream's key
/// order and its number spellings (`1.50`, `1e3`) are kept exactly: a
/// recorded fixture reads like the answer it came from, and a diff between
/// two recordings shows what changed, not a reshuffle.
///
/// One pass over the bytes checks the grammar (RFC 8259) as it indents:
/// nothing is built but the output. `JSONSerialization`, which checked it
/// before, builds some 60 bytes of objects per input byte, and a 64 KB gzip
/// answer decoding to 63 MiB of `[[0,0,…]]` took 2 GB and 13 s to record.
///
/// Lenient, for the screen (`lines(lenient:)`): a body the journal kept
/// only the first bytes of, or one typed JSON that is not, is indented by
/// its brackets as far as it goes, every byte kept but the spaces between
/// tokens. JSON comes out as `format` lays it out.
public enum JSONPretty {
    /// Deeper than this is not an API answer a person reads, and every line
    /// would be indented past the screen: such a body is kept as it came.
    static let maxDepth = 64

    /// Indenting each line to its depth lets an answer nested deep grow by
    /// its depth on every line (40 KB of `[[[…0,0,0…]]]` became 16 MB), and
    /// one value per line turns `[0,0,…]` into 3.5 times its size: past
    /// this the bytes are kept as they came, still valid JSON. Never more
    /// than a recorded file may hold (`RecordedBody.fileLimit`).
    static func outputLimit(forInput count: Int) -> Int {
        min(count * 4 + 64 * 1024, RecordedBody.fileLimit)
    }

    /// Two-space indentation, like the demo's fixtures; nil when `bytes`
    /// are not JSON, nest deeper than `maxDepth`, or would indent to more
    /// than `outputLimit(forInput:)`.
    package static func format(_ bytes: [UInt8]) -> [UInt8]? {
        var writer = Writer(input: bytes, lenient: false, limit: Self.outputLimit(forInput: bytes.count))
        return writer.run()
    }

    /// The lines `format` would write, for any text: what is not JSON is
    /// indented by its brackets and kept, never refused.
    public static func lines(lenient text: String) -> [String] {
        var writer = Writer(input: Array(text.utf8), lenient: true, limit: .max)
        guard let out = writer.run(), !out.isEmpty else { return [] }
        // Cut only at ASCII bytes, so each line is the UTF-8 it was.
        return out.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// The scanner and the output it writes. `expect` is what may come
    /// next; lenient, it is not asked.
    private struct Writer {
        enum Expect { case value, key, colon, commaOrClose, end }

        let input: [UInt8]
        let lenient: Bool
        let limit: Int
        var out: [UInt8] = []
        var index = 0
        var expect = Expect.value
        /// Where the line being written starts in `out`.
        var lineStart = 0
        /// The open containers, `{` or `[`, innermost last.
        var open: [UInt8] = []
        /// One run of spaces sliced for every newline: appending costs the
        /// bytes written, nothing more.
        let spaces = [UInt8](repeating: UInt8(ascii: " "), count: JSONPretty.maxDepth * 2)

        init(input: [UInt8], lenient: Bool, limit: Int) {
            self.input = input
            self.lenient = lenient
            self.limit = limit
            self.out.reserveCapacity(min(limit, input.count + input.count / 4))
        }

        mutating func run() -> [UInt8]? {
            // A byte order mark is kept as it came, and is no JSON.
            if self.input.starts(with: [0xEF, 0xBB, 0xBF]) {
                self.out.append(contentsOf: [0xEF, 0xBB, 0xBF])
                self.index = 3
            }
            guard self.tokens() else { return nil }
            if self.lenient {
                // A line left with its indentation only (after a comma at
                // the end) is no line.
                if self.out[self.lineStart...].allSatisfy({ $0 == UInt8(ascii: " ") }) {
                    self.out.removeSubrange(max(0, self.lineStart - 1)...)
                }
                return self.out
            }
            guard self.expect == .end, self.out.count < self.limit else { return nil }
            self.out.append(UInt8(ascii: "\n"))
            return self.out
        }

        private var depth: Int { self.open.count }

        private var afterValue: Expect { self.open.isEmpty ? .end : .commaOrClose }

        private mutating func newline() {
            self.out.append(UInt8(ascii: "\n"))
            self.lineStart = self.out.count
            if self.depth <= JSONPretty.maxDepth {
                self.out.append(contentsOf: self.spaces[0..<(self.depth * 2)])
            } else {
                self.out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: self.depth * 2))
            }
        }

        private mutating func skipSpace() {
            while self.index < self.input.count {
                switch self.input[self.index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): self.index += 1
                default: return
                }
            }
        }

        /// Every token to the end; one loop over an explicit stack, no
        /// recursion, so nesting costs no call stack. Strict, each token is
        /// checked against `expect`, and the first that does not fit fails.
        private mutating func tokens() -> Bool {
            while true {
                self.skipSpace()
                guard self.index < self.input.count else { return true }
                guard self.out.count <= self.limit else { return false }
                let byte = self.input[self.index]
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard self.lenient || self.expect == .value else { return false }
                    self.index += 1
                    self.skipSpace()
                    // `}` and `]` follow their openers by 2.
                    if self.index < self.input.count, self.input[self.index] == byte + 2 {
                        self.out.append(byte)
                        self.out.append(byte + 2)
                        self.index += 1
                        self.expect = self.afterValue
                        continue
                    }
                    self.out.append(byte)
                    self.open.append(byte)
                    guard self.lenient || self.depth <= JSONPretty.maxDepth else { return false }
                    self.newline()
                    self.expect = byte == UInt8(ascii: "{") ? .key : .value
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard self.lenient || (self.expect == .commaOrClose && self.open.last == byte - 2) else {
                        return false
                    }
                    self.index += 1
                    if !self.open.isEmpty { self.open.removeLast() }
                    if self.lenient && self.out[self.lineStart...].allSatisfy({ $0 == UInt8(ascii: " ") }) {
                        // After a comma: the closer takes the empty line.
                        self.out.removeSubrange(self.lineStart...)
                        self.out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: self.depth * 2))
                    } else {
                        self.newline()
                    }
                    self.out.append(byte)
                    self.expect = self.afterValue
                case UInt8(ascii: ","):
                    guard self.lenient || self.expect == .commaOrClose else { return false }
                    self.index += 1
                    self.out.append(byte)
                    self.newline()
                    self.expect = self.open.last == UInt8(ascii: "{") ? .key : .value
                case UInt8(ascii: ":"):
                    guard self.lenient || self.expect == .colon else { return false }
                    self.index += 1
                    self.out.append(UInt8(ascii: ":"))
                    self.out.append(UInt8(ascii: " "))
                    self.expect = .value
                case UInt8(ascii: "\""):
                    guard self.lenient || self.expect == .value || self.expect == .key else { return false }
                    guard self.string() else { return false }
                    self.expect = self.expect == .key ? .colon : self.afterValue
                default:
                    if self.lenient {
                        self.word()
                    } else {
                        guard self.expect == .value, self.scalar() else { return false }
                        self.expect = self.afterValue
                    }
                }
            }
        }

        /// Lenient: what is not a token of its own, copied to the next
        /// space, bracket, comma, colon or quote.
        private mutating func word() {
            let start = self.index
            while self.index < self.input.count {
                switch self.input[self.index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "{"),
                    UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"),
                    UInt8(ascii: "\""):
                    self.out.append(contentsOf: self.input[start..<self.index])
                    return
                default: self.index += 1
                }
            }
            self.out.append(contentsOf: self.input[start..<self.index])
        }

        private mutating func scalar() -> Bool {
            switch self.input[self.index] {
            case UInt8(ascii: "\""): return self.string()
            case UInt8(ascii: "t"): return self.literal("true")
            case UInt8(ascii: "f"): return self.literal("false")
            case UInt8(ascii: "n"): return self.literal("null")
            default: return self.number()
            }
        }

        private mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard self.index + count <= self.input.count else { return false }
            let matches = word.withUTF8Buffer { self.input[self.index..<(self.index + count)].elementsEqual($0) }
            guard matches else { return false }
            self.out.append(contentsOf: self.input[self.index..<(self.index + count)])
            self.index += count
            return true
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, copied as spelled.
        private mutating func number() -> Bool {
            let start = self.index
            func digits(_ writer: inout Writer) -> Int {
                let from = writer.index
                while writer.index < writer.input.count, Self.isDigit(writer.input[writer.index]) { writer.index += 1 }
                return writer.index - from
            }
            if self.index < self.input.count, self.input[self.index] == UInt8(ascii: "-") { self.index += 1 }
            guard self.index < self.input.count, Self.isDigit(self.input[self.index]) else { return false }
            if self.input[self.index] == UInt8(ascii: "0") {
                self.index += 1
            } else {
                _ = digits(&self)
            }
            if self.index < self.input.count, self.input[self.index] == UInt8(ascii: ".") {
                self.index += 1
                guard digits(&self) > 0 else { return false }
            }
            if self.index < self.input.count, self.input[self.index] | 0x20 == UInt8(ascii: "e") {
                self.index += 1
                if self.index < self.input.count,
                    self.input[self.index] == UInt8(ascii: "+") || self.input[self.index] == UInt8(ascii: "-")
                {
                    self.index += 1
                }
                guard digits(&self) > 0 else { return false }
            }
            self.out.append(contentsOf: self.input[start..<self.index])
            return true
        }

        /// A string, copied as spelled: escapes checked, no raw control
        /// characters, and UTF-8 that is valid (lenient, only copied).
        private mutating func string() -> Bool {
            let start = self.index
            self.index += 1
            if self.lenient {
                // To the closing quote, or to the end of what was kept.
                while self.index < self.input.count, self.input[self.index] != UInt8(ascii: "\"") {
                    self.index += self.input[self.index] == UInt8(ascii: "\\") ? 2 : 1
                }
                self.index = min(self.index + 1, self.input.count)
                self.out.append(contentsOf: self.input[start..<self.index])
                return true
            }
            while self.index < self.input.count {
                let byte = self.input[self.index]
                switch byte {
                case UInt8(ascii: "\""):
                    self.index += 1
                    self.out.append(contentsOf: self.input[start..<self.index])
                    return true
                case UInt8(ascii: "\\"):
                    guard self.index + 1 < self.input.count else { return false }
                    switch self.input[self.index + 1] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                        UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        self.index += 2
                    case UInt8(ascii: "u"):
                        guard self.index + 6 <= self.input.count,
                            self.input[(self.index + 2)..<(self.index + 6)].allSatisfy(Self.isHex)
                        else { return false }
                        self.index += 6
                    default: return false
                    }
                case 0..<0x20: return false
                case 0x80...:
                    guard let next = Self.endOfScalar(self.input, at: self.index) else { return false }
                    self.index = next
                default: self.index += 1
                }
            }
            return false
        }

        /// Past one well-formed UTF-8 sequence of two to four bytes at
        /// `index`; nil when it is not one (overlong, a surrogate, past U+10FFFF).
        private static func endOfScalar(_ bytes: [UInt8], at index: Int) -> Int? {
            let lead = bytes[index]
            let count: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: count = 2
            case 0xE0: (count, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: count = 3
            case 0xED: (count, high) = (3, 0x9F)
            case 0xF0: (count, low) = (4, 0x90)
            case 0xF1...0xF3: count = 4
            case 0xF4: (count, high) = (4, 0x8F)
            default: return nil
            }
            guard index + count <= bytes.count else { return nil }
            guard (low...high).contains(bytes[index + 1]) else { return nil }
            for offset in 2..<count where !(0x80...0xBF).contains(bytes[index + offset]) { return nil }
            return index + count
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        private static func isHex(_ byte: UInt8) -> Bool {
            Self.isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
        }
    }
}
