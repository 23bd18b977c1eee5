import Foundation

/// Re-indents JSON without parsing it into dictionaries, so the upstream's
/// key order and its number spellings (`1.50`, `1e3`) are kept exactly: a
/// recorded fixture reads like the answer it came from, and a diff between
/// two recordings shows what changed, not a reshuffle.
enum JSONPretty {
    /// Two-space indentation, like the demo's fixtures; nil when `bytes`
    /// are not JSON.
    static func format(_ bytes: [UInt8]) -> [UInt8]? {
        guard (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil else {
            return nil
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 4)
        var depth = 0
        var index = 0
        func newline() {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
        }
        while index < bytes.count {
            let byte = bytes[index]
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
                newline()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline()
            case UInt8(ascii: ":"):
                out.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
            default:
                out.append(byte)
            }
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
