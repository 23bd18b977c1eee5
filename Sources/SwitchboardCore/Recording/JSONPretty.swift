/// Re-indents JSON without parsing it into objects, so the upstream's key
/// order and its number spellings (`1.50`, `1e3`) are kept exactly: a
/// recorded fixture reads like the answer it came from, and a diff between
/// two recordings shows what changed, not a reshuffle.
///
/// One pass over the bytes checks the grammar (RFC 8259) as it indents:
/// nothing is built but the output. `JSONSerialization`, which checked it
/// before, builds some 60 bytes of objects per input byte, and a 64 KB gzip
/// answer decoding to 63 MiB of `[[0,0,…]]` took 2 GB and 13 s to record.
enum JSONPretty {
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
    static func format(_ bytes: [UInt8]) -> [UInt8]? {
        var writer = Writer(input: bytes, limit: Self.outputLimit(forInput: bytes.count))
        return writer.run()
    }

    /// The scanner and the output it writes. `expect` is what may come next.
    private struct Writer {
        let input: [UInt8]
        let limit: Int
        var out: [UInt8] = []
        var index = 0
        /// The open containers, `{` or `[`, innermost last.
        var open: [UInt8] = []
        /// One run of spaces sliced for every newline: appending costs the
        /// bytes written, nothing more.
        let spaces = [UInt8](repeating: UInt8(ascii: " "), count: JSONPretty.maxDepth * 2)

        init(input: [UInt8], limit: Int) {
            self.input = input
            self.limit = limit
            self.out.reserveCapacity(min(limit, input.count + input.count / 4))
        }

        mutating func run() -> [UInt8]? {
            // A byte order mark is kept as it came, and is no JSON.
            if self.input.starts(with: [0xEF, 0xBB, 0xBF]) {
                self.out.append(contentsOf: [0xEF, 0xBB, 0xBF])
                self.index = 3
            }
            guard self.value() else { return nil }
            self.skipSpace()
            guard self.index == self.input.count, self.out.count < self.limit else { return nil }
            self.out.append(UInt8(ascii: "\n"))
            return self.out
        }

        private var depth: Int { self.open.count }

        private mutating func newline() {
            self.out.append(UInt8(ascii: "\n"))
            self.out.append(contentsOf: self.spaces[0..<(self.depth * 2)])
        }

        private mutating func skipSpace() {
            while self.index < self.input.count {
                switch self.input[self.index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): self.index += 1
                default: return
                }
            }
        }

        /// Any value, containers included; an explicit stack, no recursion,
        /// so nesting costs no call stack.
        private mutating func value() -> Bool {
            // Each turn reads one value, or closes containers after one.
            var needValue = true
            while true {
                if !needValue && self.open.isEmpty { return true }
                self.skipSpace()
                guard self.index < self.input.count, self.out.count <= self.limit else { return false }
                if needValue {
                    let byte = self.input[self.index]
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                        self.index += 1
                        self.skipSpace()
                        // `}` and `]` follow their openers by 2.
                        if self.index < self.input.count, self.input[self.index] == byte + 2 {
                            self.out.append(byte)
                            self.out.append(byte + 2)
                            self.index += 1
                            needValue = false
                            continue
                        }
                        self.out.append(byte)
                        self.open.append(byte)
                        guard self.depth <= JSONPretty.maxDepth else { return false }
                        self.newline()
                        if byte == UInt8(ascii: "{") {
                            guard self.key() else { return false }
                        }
                        continue
                    }
                    guard self.scalar() else { return false }
                    needValue = false
                    continue
                }
                // After a value inside a container: a comma, or its closer.
                let container = self.open[self.open.count - 1]
                let byte = self.input[self.index]
                self.index += 1
                if byte == UInt8(ascii: ",") {
                    self.out.append(byte)
                    self.newline()
                    if container == UInt8(ascii: "{") {
                        guard self.key() else { return false }
                    }
                    needValue = true
                } else if byte == container + 2 {
                    self.open.removeLast()
                    self.newline()
                    self.out.append(byte)
                } else {
                    return false
                }
            }
        }

        /// `"name": ` inside an object, before its value.
        private mutating func key() -> Bool {
            self.skipSpace()
            guard self.index < self.input.count, self.input[self.index] == UInt8(ascii: "\""), self.string() else {
                return false
            }
            self.skipSpace()
            guard self.index < self.input.count, self.input[self.index] == UInt8(ascii: ":") else { return false }
            self.index += 1
            self.out.append(UInt8(ascii: ":"))
            self.out.append(UInt8(ascii: " "))
            return true
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
        /// characters, and UTF-8 that is valid.
        private mutating func string() -> Bool {
            let start = self.index
            self.index += 1
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
