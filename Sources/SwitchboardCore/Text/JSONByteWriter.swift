import SwitchboardJSON

/// JSON written forward into memory it owns and keeps from one use to the
/// next: the journal's line is written for every request, and a piece
/// appended to an `Array` costs a uniqueness check, a capacity check and a
/// call (forty to ninety instructions, some forty pieces a line); here a
/// piece costs a compare and a copy.
///
/// Fixed pieces (a key with its quotes, colon and comma) go in as one
/// `StaticString`; strings are quoted, and escaped as `JSONText.escaped`
/// does when any byte needs it.
public struct JSONByteWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written so far.
    public private(set) var count = 0
    /// The minute (since 1970) of the last timestamp written, and its text
    /// up to the seconds, `2026-11-22T12:01:` (17 bytes of the 24).
    private var minute = Int64.min
    private var minuteText: (UInt64, UInt64, UInt64) = (0, 0, 0)

    public init(capacity: Int = 512) {
        self.capacity = max(capacity, 64)
        self.base = .allocate(capacity: self.capacity)
    }

    deinit {
        self.base.deallocate()
    }

    /// Starts over, keeping the memory.
    public mutating func removeAll() {
        self.count = 0
    }

    /// Starts over, keeping at most `limit` bytes of memory: a writer kept
    /// for good does not hold on to what one long line made it grow to.
    public mutating func removeAll(keepingCapacityUpTo limit: Int) {
        self.count = 0
        guard self.capacity > limit else { return }
        self.base.deallocate()
        self.capacity = max(limit, 64)
        self.base = .allocate(capacity: self.capacity)
    }

    /// The bytes written, valid during `body`.
    public func withBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: self.base, count: self.count))
    }

    /// Appends what was written to `out`.
    public func append(to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: self.base, count: self.count))
    }

    /// Room for `extra` more bytes, at `base + count`.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if self.count + extra > self.capacity { self.grow(extra) }
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        let capacity = max(2 * self.capacity, self.count + extra)
        let base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        base.initialize(from: self.base, count: self.count)
        self.base.deallocate()
        self.base = base
        self.capacity = capacity
    }

    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        self.reserve(1)
        self.base[self.count] = byte
        self.count += 1
    }

    /// A fixed fragment of JSON (a key and its punctuation), as it is.
    @inline(__always)
    public mutating func append(_ fragment: StaticString) {
        let length = fragment.utf8CodeUnitCount
        self.reserve(length)
        (self.base + self.count).initialize(from: fragment.utf8Start, count: length)
        self.count += length
    }

    /// Bytes as they are.
    public mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        self.reserve(bytes.count)
        (self.base + self.count).initialize(from: start, count: bytes.count)
        self.count += bytes.count
    }

    /// `bytes`, which are UTF-8, as a JSON string, quoted.
    public mutating func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if !self.appendPlain(bytes) { self.appendEscaped(String(decoding: bytes, as: UTF8.self)) }
    }

    /// `text` as a JSON string, quoted.
    public mutating func appendString(_ text: String) {
        // A native string's bytes are contiguous: checked and copied whole.
        let copied = text.utf8.withContiguousStorageIfAvailable { self.appendPlain($0) }
        if copied != true { self.appendEscaped(text) }
    }

    /// `text` as a JSON string, quoted.
    public mutating func appendString(_ text: Substring) {
        let copied = text.utf8.withContiguousStorageIfAvailable { self.appendPlain($0) }
        if copied != true { self.appendEscaped(text) }
    }

    /// `text` as a JSON string, quoted.
    public mutating func appendString(_ text: some StringProtocol) {
        let copied = text.utf8.withContiguousStorageIfAvailable { self.appendPlain($0) }
        if copied != true { self.appendEscaped(text) }
    }

    /// `bytes` quoted, if none of them needs escaping nor is `mark`;
    /// `false` (and nothing written) otherwise. One pass where a caller
    /// would otherwise look for `mark` first (a target's `?`) and check
    /// the bytes after.
    public mutating func appendPlain(_ bytes: UnsafeBufferPointer<UInt8>, without mark: UInt8) -> Bool {
        guard Self.isPlain(bytes, without: mark) else { return false }
        self.appendQuoted(bytes)
        return true
    }

    /// `bytes` quoted, if none of them needs escaping; `false` (and
    /// nothing written) if one does.
    private mutating func appendPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Self.isPlain(bytes) else { return false }
        self.appendQuoted(bytes)
        return true
    }

    @inline(__always)
    private mutating func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.reserve(bytes.count + 2)
        let start = self.base + self.count
        start.pointee = UInt8(ascii: "\"")
        if let source = bytes.baseAddress { (start + 1).initialize(from: source, count: bytes.count) }
        start[bytes.count + 1] = UInt8(ascii: "\"")
        self.count += bytes.count + 2
    }

    /// The slow way, for text with bytes to escape (or not contiguous).
    private mutating func appendEscaped(_ text: some StringProtocol) {
        self.append(UInt8(ascii: "\""))
        if text.utf8.allSatisfy(Self.needsNoEscape) {
            for byte in text.utf8 { self.append(byte) }
        } else {
            var escaped = JSONText.escaped(String(text))
            escaped.withUTF8 { self.append(bytes: $0) }
        }
        self.append(UInt8(ascii: "\""))
    }

    /// Whether every byte is printable ASCII but `"` and `\`, eight bytes
    /// at a time: a byte-by-byte check cost some fifteen instructions a byte
    /// on every path, endpoint and mode of every line.
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var at = 0
        while at + 8 <= bytes.count {
            if Self.wordNeedsEscape(raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) { return false }
            at += 8
        }
        while at < bytes.count {
            if !Self.needsNoEscape(base[at]) { return false }
            at += 1
        }
        return true
    }

    /// `isPlain`, and no byte is `mark`.
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, without mark: UInt8) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let marks = UInt64(mark) &* 0x0101_0101_0101_0101
        var at = 0
        while at + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)
            if Self.wordNeedsEscape(word) || Self.zeroByte(word ^ marks) != 0 { return false }
            at += 8
        }
        while at < bytes.count {
            if !Self.needsNoEscape(base[at]) || base[at] == mark { return false }
            at += 1
        }
        return true
    }

    /// Whether any of eight bytes is not `needsNoEscape`: at or above 0x7F,
    /// below 0x20, a quote or a backslash (the "has a byte less than" and
    /// "has a zero byte" word tests, exact as yes-or-no answers).
    @inline(__always)
    private static func wordNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        var found = word & high
        found |= (word &- 0x20 &* ones) & ~word & high
        found |= Self.zeroByte(word ^ (0x22 &* ones))
        found |= Self.zeroByte(word ^ (0x5C &* ones))
        found |= Self.zeroByte(word ^ (0x7F &* ones))
        return found != 0
    }

    /// Non-zero if any byte of `word` is zero.
    @inline(__always)
    private static func zeroByte(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// Printable ASCII but `"` and `\`: copied as it is.
    @inline(__always)
    private static func needsNoEscape(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// `text` quoted, or `null`.
    public mutating func appendOptional(_ text: String?) {
        if let text { self.appendString(text) } else { self.append("null") }
    }

    public mutating func appendInteger(_ value: Int) {
        if value < 0 { self.append(UInt8(ascii: "-")) }
        self.appendDecimal(value.magnitude)
    }

    /// Nanoseconds as milliseconds with three decimals: `2004.000`.
    public mutating func appendMilliseconds(_ nanoseconds: Int64) {
        let nanoseconds = max(0, nanoseconds)
        // In integers up to 2^50 ns (13 days), where they round as the
        // division in doubles below does (the quotient's ulp is well under
        // the 0.001 that separates a half from its neighbours).
        let micros =
            nanoseconds < 1 << 50
            ? Int((nanoseconds + 500) / 1000) : Int((Double(nanoseconds) / 1000).rounded())
        self.appendDecimal(UInt(micros / 1000))
        self.append(UInt8(ascii: "."))
        self.appendDecimal(UInt(micros % 1000), width: 3)
    }

    /// `value` in decimal, zero-padded to `width` digits (at most 20):
    /// two digits a division, half the divisions of one at a time.
    public mutating func appendDecimal(_ value: UInt, width: Int = 1) {
        var length = 1
        var rest = value
        while rest >= 100 {
            length += 2
            rest /= 100
        }
        if rest >= 10 { length += 1 }
        length = max(length, min(width, 20))
        self.reserve(length)
        let start = self.base + self.count
        var at = start + length
        var remaining = value
        while remaining >= 100 {
            let pair = remaining % 100
            remaining /= 100
            at -= 2
            Self.putPair(pair, at)
        }
        if remaining >= 10 {
            at -= 2
            Self.putPair(remaining, at)
        } else {
            at -= 1
            at.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
        }
        while at > start {
            at -= 1
            at.pointee = UInt8(ascii: "0")
        }
        self.count += length
    }

    /// `pair` (below 100) as two digits at `at`.
    @inline(__always)
    private static func putPair(_ pair: UInt, _ at: UnsafeMutablePointer<UInt8>) {
        at[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: pair / 10)
        at[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: pair % 10)
    }

    /// `2026-11-22T12:01:02.123Z`: `Timestamp.iso8601`'s text, its digits
    /// written where they go. Lines come many a minute: the text up to the
    /// seconds is worked out (a calendar date from a day count) once a
    /// minute and copied after that.
    public mutating func appendISO8601(_ seconds: Double) {
        let milliseconds = Timestamp.milliseconds(seconds)
        let minute = Timestamp.floorDivide(milliseconds, 60_000)
        let inMinute = Int(milliseconds - minute * 60_000)
        self.reserve(24)
        let at = self.base + self.count
        if minute != self.minute {
            let time = Timestamp.Parts(milliseconds: milliseconds)
            Self.put(time.year, 4, at)
            at[4] = UInt8(ascii: "-")
            Self.put(time.month, 2, at + 5)
            at[7] = UInt8(ascii: "-")
            Self.put(time.day, 2, at + 8)
            at[10] = UInt8(ascii: "T")
            Self.put(time.hour, 2, at + 11)
            at[13] = UInt8(ascii: ":")
            Self.put(time.minute, 2, at + 14)
            at[16] = UInt8(ascii: ":")
            withUnsafeMutableBytes(of: &self.minuteText) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: at, count: 17))
            }
            self.minute = minute
        } else {
            withUnsafeBytes(of: self.minuteText) {
                UnsafeMutableRawPointer(at).copyMemory(from: $0.baseAddress!, byteCount: 17)
            }
        }
        Self.put(inMinute / 1000, 2, at + 17)
        at[19] = UInt8(ascii: ".")
        Self.put(inMinute % 1000, 3, at + 20)
        at[23] = UInt8(ascii: "Z")
        self.count += 24
    }

    /// `value`'s last `width` decimal digits at `at`.
    @inline(__always)
    private static func put(_ value: Int, _ width: Int, _ at: UnsafeMutablePointer<UInt8>) {
        var remaining = value
        var index = width
        while index > 0 {
            index -= 1
            at[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        }
    }
}
