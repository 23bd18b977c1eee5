/// A mapping's keys in document order (the order OpenAPIKit keeps paths,
/// responses and examples in), their values, and where each key is.
final class SpecMapping: Sendable {
    /// `nil` for a key that is not a scalar: no coding key names it.
    let keys: [String?]
    let values: [SpecTree]
    /// Key → its last position (the last of a repeated key wins, as in
    /// Yams); built for mappings too long to search in turn.
    private let positions: [String: Int]

    /// Up to this many keys are searched in turn: faster than hashing.
    private static let searched = 12

    init(keys: [String?], values: [SpecTree]) {
        self.keys = keys
        self.values = values
        var positions: [String: Int] = [:]
        if keys.count > Self.searched {
            positions.reserveCapacity(keys.count)
            for (position, key) in keys.enumerated() {
                if let key { positions[key] = position }
            }
        }
        self.positions = positions
    }

    /// Whether a key is written twice: Yams refuses that in what it
    /// composes, so a tree read from JSON must too.
    var repeatsAKey: Bool {
        if self.keys.count > Self.searched {
            return self.positions.count < self.keys.count(where: { $0 != nil })
        }
        return self.keys.indices.contains { position in
            self.keys[position] != nil && self.keys[..<position].contains(self.keys[position])
        }
    }

    subscript(key: String) -> SpecTree? {
        if self.keys.count > Self.searched { return self.positions[key].map { self.values[$0] } }
        var position = self.keys.count - 1
        while position >= 0 {
            if self.keys[position] == key { return self.values[position] }
            position -= 1
        }
        return nil
    }
}
