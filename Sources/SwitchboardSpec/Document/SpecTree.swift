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
