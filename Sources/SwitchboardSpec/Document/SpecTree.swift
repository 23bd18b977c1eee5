import Foundation
import Yams

/// A description's YAML tree as `SpecDecoder` walks it: Yams' nodes, with
/// each mapping's keys found by lookup instead of by a walk of its pairs.
///
/// Yams' own decoder looks every key up by comparing it with each pair in
/// turn, copies the mapping for every container it opens and names every
/// missing key in a message; OpenAPIKit asks for some thirty keys of each
/// schema, most of them absent, and tries each schema as a reference
/// first. For Box's description (1.7 MB) that was most of the second its
/// check took. Scalars keep what Yams' own constructors read of them
/// (`SpecScalar`), so a value reads exactly as it did.
///
/// Sendable, unlike Yams' nodes: its parts are decoded on every core
/// (`SpecPathSlices`).
indirect enum SpecTree: Sendable {
    case scalar(SpecScalar)
    case sequence([SpecTree])
    case mapping(SpecMapping)

    /// The tree of `node`, merge keys (`<<: *base`) applied as Yams'
    /// decoder applies them. An alias is walked where it is used, as the
    /// decoder walks it (the core's alias budget bounds that first).
    init(_ node: Node) {
        switch node {
        case .scalar(let scalar):
            self = .scalar(SpecScalar(scalar))
        case .sequence(let sequence):
            self = .sequence(sequence.map(SpecTree.init))
        case .mapping(let mapping):
            let pairs = Self.flattened(mapping)
            self = .mapping(SpecMapping(keys: pairs.map(\.key.string), values: pairs.map { SpecTree($0.value) }))
        case .alias:
            // Composed trees hold no alias nodes; one would read as an empty
            // scalar, as Yams' decoder has no value for it either.
            self = .scalar(SpecScalar(Node.Scalar("")))
        }
    }

    /// A mapping's pairs with those of the mappings its merge keys name
    /// first, one pair a key: where the key first stands, with the value
    /// Yams' decoder reads (the last, its own winning over a base's). Yams'
    /// `Node.Mapping.flatten()` keeps both pairs and looks keys up
    /// last-first; a tree that kept both would have the combinator fold
    /// join a base's `allOf` to the mapping's own that replaces it.
    private static func flattened(_ mapping: Node.Mapping) -> [(key: Node, value: Node)] {
        let pairs = Self.merged(mapping)
        guard pairs.merges else { return pairs.pairs }
        var unique: [(key: Node, value: Node)] = []
        var positions: [String: Int] = [:]
        for pair in pairs.pairs {
            guard let key = pair.key.string else {
                unique.append(pair)
                continue
            }
            if let position = positions[key] {
                unique[position].value = pair.value
            } else {
                positions[key] = unique.count
                unique.append(pair)
            }
        }
        return unique
    }

    /// A mapping's pairs, those its merge keys bring first, as Yams'
    /// `Node.Mapping.flatten()` gives them; whether there were any.
    private static func merged(_ mapping: Node.Mapping) -> (pairs: [(key: Node, value: Node)], merges: Bool) {
        var merged: [(key: Node, value: Node)] = []
        var own: [(key: Node, value: Node)] = []
        var merges = false
        for (key, value) in mapping {
            guard Self.isMergeKey(key) else {
                own.append((key, value))
                continue
            }
            merges = true
            switch value {
            case .mapping(let base):
                merged += Self.flattened(base)
            case .sequence(let bases):
                for base in bases.compactMap(\.mapping).reversed() { merged += Self.flattened(base) }
            default:
                break
            }
        }
        return (merged + own, merges)
    }

    /// Whether a key is `<<`, or tagged `!!merge`. Asking the node for its
    /// tag would resolve it, running the resolver's patterns on every key
    /// of the document; the loader's resolver (`.merge` appended) resolves
    /// a plain `<<`, the only untagged merge key, to `merge`.
    private static func isMergeKey(_ key: Node) -> Bool {
        guard case .scalar(let scalar) = key else { return false }
        let named = scalar.tag.description
        return named == Tag.Name.merge.rawValue || (named == Tag.Name.implicit.rawValue && scalar.string == "<<")
    }

    /// What a type mismatch names as found, in Yams' words.
    var kind: String {
        switch self {
        case .scalar: "Scalar"
        case .sequence: "Sequence"
        case .mapping: "Mapping"
        }
    }
}

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

/// A scalar as Yams' constructors read it: its text, its tag's name (a
/// `Bool` is not read from a `!!str`) and its style (a quoted `'null'` or
/// `"1"` is a string). Yams' `Node.Scalar` holds a `Tag`, a class that
/// resolves itself when first asked, so it cannot be read from two
/// threads; this is made into one only for the constructor reading it.
struct SpecScalar: Sendable {
    let string: String
    let tag: Tag.Name
    /// `Node.Scalar.Style`'s raw value.
    let style: UInt32
    /// Whether Yams reads it as null: asked of every optional field, so
    /// read once, when the tree is made.
    let isNull: Bool

    init(_ scalar: Node.Scalar) {
        self.string = scalar.string
        self.tag = Tag.Name(rawValue: scalar.tag.description)
        self.style = scalar.style.rawValue
        self.isNull = NSNull.construct(from: scalar) != nil
    }

    init(_ string: String, tag: Tag.Name, style: Node.Scalar.Style) {
        self.string = string
        self.tag = tag
        self.style = style.rawValue
        // Only a plain scalar can be null (a quoted `'null'` is a string):
        // the others need no scalar made to ask.
        self.isNull = style == .plain && NSNull.construct(from: Node.Scalar(string, Self.tag(tag), style)) != nil
    }

    /// Yams' scalar, with the same text, tag name and style.
    var node: Node.Scalar {
        Node.Scalar(self.string, Self.tag(self.tag), Node.Scalar.Style(rawValue: self.style) ?? .any)
    }

    /// A tag of this name. Yams' `Constructor.default` makes a new
    /// constructor, three dictionaries, each time it is asked for: one
    /// shared constructor, for the tags of every scalar made here.
    private static func tag(_ name: Tag.Name) -> Tag {
        Tag(name, .basic, Self.constructor)
    }

    // Unchecked, and safe: a `Constructor` is a final class whose three maps
    // are `let`s, set when it is made and only read after; nothing here
    // replaces them.
    nonisolated(unsafe) private static let constructor = Constructor.default
}
