/// The line each operation is written on in a description's text, found by
/// searching the text forwards for its path key, then its method key: a
/// JSON description is read without a YAML tree that would hold lines, and
/// composing one (some 100 ms for 2 MB) for every start would cost more
/// than routing all its endpoints. The paths are in the text's order, so
/// one pass finds them all; a key written another way (a JSON `\/`) is not
/// found, and its line is 0.
public enum SpecOperationLines {
    /// The line (from 1) of each of `operations`, which are in document
    /// order; 0 where it is not found.
    public static func lines(of operations: [SpecOperation], in bytes: [UInt8]) -> [Int] {
        var lines = TextLines(bytes)
        var from = 0
        var pathAt: (path: String, at: Int)?
        return operations.map { operation in
            if pathAt?.path != operation.path {
                let key = operation.path
                guard
                    let at = Self.key(key, in: bytes, from: from)
                        ?? Self.key(String(key.dropFirst()), in: bytes, from: from)
                else { return 0 }
                pathAt = (operation.path, at)
                from = at
            }
            guard let pathAt else { return 0 }
            let method = Self.key(operation.method.lowercased(), in: bytes, from: pathAt.at + pathAt.path.utf8.count)
            return lines.line(at: method ?? pathAt.at)
        }
    }

    /// Where `key` is next written as a mapping's key: quoted or not, and
    /// followed by a `:`.
    private static func key(_ key: String, in bytes: [UInt8], from start: Int) -> Int? {
        let needle = Array(key.utf8)
        guard let first = needle.first, !needle.isEmpty else { return nil }
        var index = start
        let quotes: Set<UInt8> = [UInt8(ascii: "\""), UInt8(ascii: "'")]
        let before: Set<UInt8> = quotes.union([0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: "{"), UInt8(ascii: ",")])
        while index + needle.count <= bytes.count {
            defer { index += 1 }
            guard bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) else { continue }
            guard index == 0 || before.contains(bytes[index - 1]) else { continue }
            var after = index + needle.count
            if after < bytes.count, quotes.contains(bytes[after]) { after += 1 }
            while after < bytes.count, bytes[after] == 0x20 { after += 1 }
            if after < bytes.count, bytes[after] == UInt8(ascii: ":") { return index }
        }
        return nil
    }
}

/// Line numbers of byte offsets, counted once up to the furthest asked.
private struct TextLines {
    private let bytes: [UInt8]
    private var starts: [Int] = [0]
    private var counted = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func line(at offset: Int) -> Int {
        while self.counted < min(offset, self.bytes.count) {
            if self.bytes[self.counted] == 0x0A { self.starts.append(self.counted + 1) }
            self.counted += 1
        }
        var low = 0
        var high = self.starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if self.starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }
}
