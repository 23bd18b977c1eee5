/// How deep a description may nest before it is decoded.
///
/// OpenAPIKit decodes a schema inside a schema by recursion, some twenty
/// calls a level: a description nested a few hundred levels deep (a schema
/// `items` inside `items` 300 times, 4 KB of YAML) overflowed the stack and
/// took the whole process down — `check`, `serve`, and a running server
/// reloading an edit — with a segmentation fault instead of a problem on a
/// line. Published descriptions nest far less (Box's, the deepest we carry,
/// 22 levels), so a limit well below the crash is no loss.
enum SpecDepth {
    /// Levels of mappings and sequences, the document itself the first.
    static let limit = 64

    /// The path (as a decoding error's coding path) to the first value
    /// nested deeper than `limit`; `nil` when none is. The walk stops at
    /// the limit, so it never recurses deeper than that itself.
    static func tooDeep(_ tree: SpecTree, limit: Int = Self.limit) -> [String]? {
        var path: [String] = []
        return Self.walk(tree, level: 1, limit: limit, path: &path) ? path.reversed() : nil
    }

    /// Whether JSON text nests brackets deeper than `limit` (strings
    /// skipped): when the JSON parser refuses such a text, its depth may be
    /// why, and the YAML reader says where it is too deep instead.
    static func nestsDeeper(json bytes: [UInt8], than limit: Int = Self.limit) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return false
    }

    /// Whether a value in `tree` is deeper than `limit`; then `path` holds
    /// the way to it, last key first (written only then: a key for every
    /// value walked was a tenth of reading the description).
    private static func walk(_ tree: SpecTree, level: Int, limit: Int, path: inout [String]) -> Bool {
        switch tree {
        case .scalar:
            return false
        case .sequence(let items):
            guard level <= limit else { return true }
            for index in items.indices where Self.walk(items[index], level: level + 1, limit: limit, path: &path) {
                path.append("Index \(index)")
                return true
            }
            return false
        case .mapping(let mapping):
            guard level <= limit else { return true }
            for index in mapping.values.indices
            where Self.walk(mapping.values[index], level: level + 1, limit: limit, path: &path) {
                path.append(mapping.keys[index] ?? "")
                return true
            }
            return false
        }
    }
}
