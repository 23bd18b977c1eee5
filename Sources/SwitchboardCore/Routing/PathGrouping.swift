/// The rule that puts requests differing only in an id segment under one
/// endpoint: `/episodes/3` and `/episodes/4` are both `GET /episodes/:id`.
///
/// A segment is an id when it is
/// - all digits (`3`, `20240101`): database keys; a year in a path is an id
///   too, which is what the user wants for `/reports/2024`;
/// - a UUID, 8-4-4-4-12 hex digits, any version or case;
/// - 16 or more hex digits (`507f1f77bcf86cd799439011`): 64-bit ids in hex,
///   MongoDB ObjectIds (24), MD5 (32), SHA-1 (40) and SHA-256 (64) digests.
///   Shorter hex runs are English words too often (`cafe`, `facade`,
///   `effaced`), and no word made only of a–f is 16 letters long;
/// - a ULID (26 Crockford base-32 characters, upper case, first one 0–7,
///   with a digit among them): sortable ids that a word cannot be.
///
/// Nothing else: `v1`, `me`, `2fa`, `latest` or a slug stay literal, so a
/// grouping never merges two endpoints that answer differently. A guess
/// that merges too much is worse than a row too many: the user can write
/// the pattern into the manifest by hand, but cannot split a merged row.
///
/// Parameters follow the Rails convention for nested resources: the last id
/// is `:id`, an earlier one is named after the segment before it
/// (`/users/5/posts/7` → `/users/:user_id/posts/:id`), so every name is
/// unique within the path and says what it stands for.
public enum PathGrouping {
    /// The pattern that `segments` (decoded, as `RequestTarget.segments`)
    /// are grouped under.
    public static func pattern(for segments: [String]) -> PathPattern {
        let idPositions = segments.indices.filter { Self.isIdentifier(segments[$0]) }
        // Plain `id` belongs to the last one.
        var used: Set<String> = ["id"]
        var result: [PathPattern.Segment] = []
        for (index, segment) in segments.enumerated() {
            guard idPositions.contains(index) else {
                result.append(.literal(segment))
                continue
            }
            if index == idPositions.last {
                result.append(.parameter("id"))
                continue
            }
            var name = Self.parentName(before: index, in: segments)
            let base = name
            var number = 2
            while used.contains(name) {
                name = "\(base)\(number)"
                number += 1
            }
            used.insert(name)
            result.append(.parameter(name))
        }
        return PathPattern(segments: result)
    }

    /// The pattern a request target's path is grouped under.
    public static func pattern(for target: RequestTarget) -> PathPattern {
        self.pattern(for: target.segments)
    }

    /// The endpoint id of a grouped row: the one a manifest entry without
    /// `id:` gets for the same method and path (`get-episodes-id`), so a
    /// recorded entry keeps the id the row had on screen.
    public static func endpointID(method: String, pattern: PathPattern) -> String {
        EndpointDefinition.derivedID(method: method.uppercased(), path: pattern)
    }

    public static func isIdentifier(_ segment: String) -> Bool {
        let bytes = Array(segment.utf8)
        guard !bytes.isEmpty else { return false }
        if bytes.allSatisfy(Self.isDigit) { return true }
        if bytes.count >= 16 && bytes.allSatisfy(Self.isHex) { return true }
        return Self.isUUID(bytes) || Self.isULID(bytes)
    }

    private static func isUUID(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            let isDash = index == 8 || index == 13 || index == 18 || index == 23
            if isDash ? byte != UInt8(ascii: "-") : !Self.isHex(byte) { return false }
        }
        return true
    }

    private static func isULID(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 26, let first = bytes.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "7")
        else { return false }
        let excluded: Set<UInt8> = [UInt8(ascii: "I"), UInt8(ascii: "L"), UInt8(ascii: "O"), UInt8(ascii: "U")]
        let allowed = bytes.allSatisfy {
            Self.isDigit($0) || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") && !excluded.contains($0))
        }
        return allowed && bytes.dropFirst().contains(where: Self.isDigit)
    }

    /// `users` → `user_id`; a segment that says nothing (none, or another
    /// id) gives plain `id`, numbered by the caller.
    private static func parentName(before index: Int, in segments: [String]) -> String {
        guard index > 0, !Self.isIdentifier(segments[index - 1]) else { return "id" }
        var word = ""
        for character in segments[index - 1].lowercased() {
            word.append(character.isParameterNameCharacter ? character : "_")
        }
        if word.hasSuffix("ies") && word.count > 4 {
            word = String(word.dropLast(3)) + "y"
        } else if word.hasSuffix("s") && !word.hasSuffix("ss") && word.count > 3 {
            word.removeLast()
        }
        return word.isEmpty ? "id" : word + "_id"
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        Self.isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }
}
