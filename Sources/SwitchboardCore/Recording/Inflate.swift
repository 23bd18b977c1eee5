/// Decodes `Content-Encoding: gzip` (RFC 1952) and `deflate` (RFC 1950, or
/// the raw RFC 1951 stream some servers send instead), so a recorded body
/// is stored readable.
///
/// Written out here (after Mark Adler's `puff.c`) because no zlib module is
/// at hand in Swift on Linux without a system-library target, and recording
/// is not a hot path: clarity over speed. Brotli has no decoder here; a
/// `br` body is stored as it came, with its header (see `RecordedBody`).
enum Inflate {
    /// Bodies that would decode to more than this are stored as they came.
    static let outputLimit = 512 * 1024 * 1024

    struct Failure: Error {}

    static func gunzip(_ data: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        var start = 0
        // A gzip body may be several members one after another.
        repeat {
            guard let member = try? Self.gzipMember(data, from: start, into: &output) else { return nil }
            start = member
        } while start < data.count && data[start] == 0x1F
        return output
    }

    /// zlib-wrapped deflate, or raw deflate when the first two bytes are
    /// not a zlib header.
    static func inflateDeflate(_ data: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        if data.count >= 2, data[0] & 0x0F == 8, data[1] & 0x20 == 0, (Int(data[0]) << 8 | Int(data[1])) % 31 == 0,
            let end = try? Self.inflate(data, from: 2, into: &output), end + 4 <= data.count,
            Self.adler32(output) == Self.bigEndian(data, at: end)
        {
            return output
        }
        output = []
        guard (try? Self.inflate(data, from: 0, into: &output)) != nil else { return nil }
        return output
    }

    private static func gzipMember(_ data: [UInt8], from start: Int, into output: inout [UInt8]) throws(Failure) -> Int
    {
        guard data.count >= start + 18, data[start] == 0x1F, data[start + 1] == 0x8B, data[start + 2] == 8 else {
            throw Failure()
        }
        let flags = data[start + 3]
        var index = start + 10
        if flags & 4 != 0 {
            guard index + 2 <= data.count else { throw Failure() }
            index += 2 + (Int(data[index]) | Int(data[index + 1]) << 8)
        }
        for flag: UInt8 in [8, 16] where flags & flag != 0 {
            while index < data.count && data[index] != 0 { index += 1 }
            index += 1
        }
        if flags & 2 != 0 { index += 2 }
        guard index < data.count else { throw Failure() }
        let before = output.count
        let end = try Self.inflate(data, from: index, into: &output)
        guard end + 8 <= data.count else { throw Failure() }
        let crc = Self.littleEndian(data, at: end)
        let size = Self.littleEndian(data, at: end + 4)
        guard crc == Self.crc32(output[before...]), size == UInt32(truncatingIfNeeded: output.count - before) else {
            throw Failure()
        }
        return end + 8
    }

    // MARK: - Deflate

    /// Inflates the stream starting at `start`; returns the index of the
    /// first byte after it.
    static func inflate(_ data: [UInt8], from start: Int, into output: inout [UInt8]) throws(Failure) -> Int {
        var bits = BitReader(data: data, position: start)
        var last = false
        while !last {
            last = try bits.read(1) == 1
            switch try bits.read(2) {
            case 0: try Self.stored(&bits, into: &output)
            case 1: try Self.codes(&bits, Self.fixedLengths, Self.fixedDistances, into: &output)
            case 2:
                let (lengths, distances) = try Self.dynamicTables(&bits)
                try Self.codes(&bits, lengths, distances, into: &output)
            default: throw Failure()
            }
        }
        return bits.position
    }

    private static func stored(_ bits: inout BitReader, into output: inout [UInt8]) throws(Failure) {
        bits.dropToByte()
        let data = bits.data
        let at = bits.position
        guard at + 4 <= data.count else { throw Failure() }
        let length = Int(data[at]) | Int(data[at + 1]) << 8
        let check = Int(data[at + 2]) | Int(data[at + 3]) << 8
        guard length == ~check & 0xFFFF, at + 4 + length <= data.count else { throw Failure() }
        guard output.count + length <= Self.outputLimit else { throw Failure() }
        output.append(contentsOf: data[(at + 4)..<(at + 4 + length)])
        bits.position = at + 4 + length
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    private static func codes(
        _ bits: inout BitReader, _ lengths: Huffman, _ distances: Huffman, into output: inout [UInt8]
    ) throws(Failure) {
        while true {
            var symbol = try lengths.decode(&bits)
            if symbol < 256 {
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            symbol -= 257
            guard symbol < 29 else { throw Failure() }
            let length = Self.lengthBase[symbol] + (try bits.read(Self.lengthExtra[symbol]))
            let code = try distances.decode(&bits)
            guard code < 30 else { throw Failure() }
            let distance = Self.distanceBase[code] + (try bits.read(Self.distanceExtra[code]))
            guard distance <= output.count, output.count + length <= Self.outputLimit else { throw Failure() }
            let from = output.count - distance
            for offset in 0..<length { output.append(output[from + offset]) }
        }
    }

    private static let fixedLengths = Huffman(
        lengths: Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24)
            + Array(repeating: 8, count: 8))
    private static let fixedDistances = Huffman(lengths: Array(repeating: 5, count: 30))

    private static func dynamicTables(_ bits: inout BitReader) throws(Failure) -> (Huffman, Huffman) {
        let lengthCount = try bits.read(5) + 257
        let distanceCount = try bits.read(5) + 1
        let codeCount = try bits.read(4) + 4
        guard lengthCount <= 286, distanceCount <= 30 else { throw Failure() }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeCount { codeLengths[order[index]] = try bits.read(3) }
        let codeTable = Huffman(lengths: codeLengths)
        guard codeTable.left == 0 else { throw Failure() }

        var lengths: [Int] = []
        while lengths.count < lengthCount + distanceCount {
            let symbol = try codeTable.decode(&bits)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Failure() }
                lengths.append(contentsOf: repeatElement(previous, count: 3 + (try bits.read(2))))
            case 17: lengths.append(contentsOf: repeatElement(0, count: 3 + (try bits.read(3))))
            default: lengths.append(contentsOf: repeatElement(0, count: 11 + (try bits.read(7))))
            }
        }
        guard lengths.count == lengthCount + distanceCount, lengths[256] != 0 else { throw Failure() }
        let literal = Huffman(lengths: Array(lengths[..<lengthCount]))
        // An incomplete code is allowed only for a single code of length 1.
        guard literal.left == 0 || (literal.left > 0 && lengthCount - literal.count[0] == 1) else { throw Failure() }
        let distance = Huffman(lengths: Array(lengths[lengthCount...]))
        guard distance.left == 0 || (distance.left > 0 && distanceCount - distance.count[0] == 1) else {
            throw Failure()
        }
        return (literal, distance)
    }

    // MARK: - Checksums

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = Self.crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    private static func littleEndian(_ data: [UInt8], at index: Int) -> UInt32 {
        UInt32(data[index]) | UInt32(data[index + 1]) << 8 | UInt32(data[index + 2]) << 16 | UInt32(data[index + 3])
            << 24
    }

    private static func bigEndian(_ data: [UInt8], at index: Int) -> UInt32 {
        UInt32(data[index]) << 24 | UInt32(data[index + 1]) << 16 | UInt32(data[index + 2]) << 8
            | UInt32(data[index + 3])
    }
}

/// Reads a deflate stream's bits, least significant first.
private struct BitReader {
    let data: [UInt8]
    var position: Int
    private var buffer: UInt32 = 0
    private var count = 0

    init(data: [UInt8], position: Int) {
        self.data = data
        self.position = position
    }

    mutating func read(_ needed: Int) throws(Inflate.Failure) -> Int {
        var value = self.buffer
        while self.count < needed {
            guard self.position < self.data.count else { throw Inflate.Failure() }
            value |= UInt32(self.data[self.position]) << self.count
            self.position += 1
            self.count += 8
        }
        self.buffer = needed == 32 ? 0 : value >> needed
        self.count -= needed
        return Int(value & ((1 << needed) - 1))
    }

    /// Stored blocks start at a byte boundary.
    mutating func dropToByte() {
        self.buffer = 0
        self.count = 0
    }
}

/// A canonical Huffman code as counts per length and symbols in code order.
private struct Huffman {
    var count = [Int](repeating: 0, count: 16)
    var symbols: [Int]
    /// 0 for a complete code, > 0 incomplete, < 0 over-subscribed.
    var left = 1

    init(lengths: [Int]) {
        self.symbols = [Int](repeating: 0, count: lengths.count)
        for length in lengths { self.count[length] += 1 }
        if self.count[0] == lengths.count {
            self.left = 0
            return
        }
        for length in 1...15 {
            self.left <<= 1
            self.left -= self.count[length]
            if self.left < 0 { return }
        }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + self.count[length] }
        for (symbol, length) in lengths.enumerated() where length != 0 {
            self.symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
    }

    func decode(_ bits: inout BitReader) throws(Inflate.Failure) -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            code |= try bits.read(1)
            let count = self.count[length]
            if code - count < first { return self.symbols[index + (code - first)] }
            index += count
            first += count
            first <<= 1
            code <<= 1
        }
        throw Inflate.Failure()
    }
}
