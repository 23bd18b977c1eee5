import Foundation

/// Re-indents JSON without parsing it into dictionaries, so the upstream's
/// key order and its number spellings (`1.50`, `1e3`) are kept exactly: a
/// recorded fixture reads like the answer it came from, and a diff between
/// two recordings shows what changed, not a reshuffle.
enum JSONPretty {
    /// Deeper than this is not an API answer a person reads, and every line
    /// would be indented past the screen: such a body is kept as it came.
    static let maxDepth = 64

    /// Indenting each line to its depth lets an answer nested deep grow by
    /// its depth on every line (40 KB of `[[[…0,0,0…]]]` became 16 MB): past
    /// this the bytes are kept as they came, still valid JSON.
    static func outputLimit(forInput count: Int) -> Int {
        count * 4 + 64 * 1024
    }

    /// Two-space indentation, like the demo's fixtures; nil when `bytes`
    /// are not JSON, nest deeper than `maxDepth`, or would indent to more
    /// than `outputLimit(forInput:)`.
    static func format(_ bytes: [UInt8]) -> [UInt8]? {
        guard (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil else {
            return nil
        }
        let limit = Self.outputLimit(forInput: bytes.count)
        // One run of spaces sliced for every newline: appending costs the
        // bytes written, nothing more.
        let spaces = [UInt8](repeating: UInt8(ascii: " "), count: Self.maxDepth * 2)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 4)
        var depth = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var indents = false
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "\""):
                let end = Self.endOfString(bytes, from: index)
                out.append(contentsOf: bytes[index..<end])
                index = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var next = index + 1
                while next < bytes.count, Self.isSpace(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == byte + 2 {  // `}` and `]` follow their openers by 2
                    out.append(byte)
                    out.append(bytes[next])
                    index = next + 1
                    continue
                }
                out.append(byte)
                depth += 1
                guard depth <= Self.maxDepth else { return nil }
                indents = true
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth = max(0, depth - 1)
                out.append(UInt8(ascii: "\n"))
                out.append(contentsOf: spaces[0..<(depth * 2)])
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                indents = true
            case UInt8(ascii: ":"):
                out.append(UInt8(ascii: ":"))
                out.append(UInt8(ascii: " "))
            default:
                out.append(byte)
            }
            if indents {
                out.append(UInt8(ascii: "\n"))
                out.append(contentsOf: spaces[0..<(depth * 2)])
            }
            guard out.count <= limit else { return nil }
            index += 1
        }
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// The index just past the string starting at `start` (a `"`).
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
