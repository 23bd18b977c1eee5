public import SwitchboardJSON
public import Yams

/// Keywords written beside an `allOf`/`oneOf`/`anyOf`, moved into an
/// `allOf` member before OpenAPIKit reads the document.
///
/// OpenAPIKit reads a schema with a combinator as that combinator alone:
/// `type`, `required`, `properties`… beside it are dropped, and so is a
/// second combinator (`oneOf` beside `allOf`). Descriptions rely on them —
/// Box writes `required` beside `allOf` in 16 schemas — so a body generated
/// or checked without them breaks the description. In JSON Schema the
/// keywords of one schema all apply together, so
/// `{allOf: [A], required: [x]}` says what `{allOf: [A, {required: [x]}]}`
/// says, and that OpenAPIKit keeps. Annotations (`description`, `example`,
/// `nullable` without a `type`, …) stay where they are; a `discriminator`
/// goes with the `oneOf`/`anyOf` it picks a branch of.
///
/// The loader folds the tree it decodes (`SpecTree`, from JSON or YAML);
/// the error path folds the YAML tree it finds lines in (`Yams.Node`,
/// which keeps the keys' lines), and tests fold `JSONValue`s.
public enum CombinatorSiblings {
    public static func folded(_ document: JSONValue) -> JSONValue {
        self.fold(document) ?? document
    }

    public static func folded(_ document: Node) -> Node {
        self.fold(document) ?? document
    }

    static func folded(_ document: SpecTree) -> SpecTree {
        self.fold(document) ?? document
    }

    /// The keywords that constrain a value, as opposed to annotating it.
    static let constraints: Set<String> = [
        "type", "format", "properties", "required", "additionalProperties", "patternProperties", "minProperties",
        "maxProperties", "items", "prefixItems", "minItems", "maxItems", "uniqueItems", "enum", "const", "minimum",
        "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern", "not",
    ]

    /// Keywords whose values are data, left as they are.
    static let values: Set<String> = ["example", "examples", "default", "enum", "const"]

    /// `tree` folded; `nil` when nothing in it changes, so that a document
    /// is rebuilt only along the paths to its folded schemas.
    private static func fold<Tree: FoldableTree>(_ tree: Tree) -> Tree? {
        if let items = tree.items {
            var changed = false
            let folded = items.map { item in
                guard let folded = self.fold(item) else { return item }
                changed = true
                return folded
            }
            return changed ? tree.withItems(folded) : nil
        }
        guard let entries = tree.entries else { return nil }
        let name = { (entry: (key: Tree.Key, value: Tree)) in Tree.text(of: entry.key) ?? "" }
        // Examples and values are the API's data, not schemas.
        var changed = false
        let children = entries.map { entry in
            guard !self.values.contains(name(entry)), let folded = self.fold(entry.value) else { return entry }
            changed = true
            return (key: entry.key, value: folded)
        }
        let combinators = children.filter { ["allOf", "oneOf", "anyOf"].contains(name($0)) && $0.value.items != nil }
        guard !combinators.isEmpty else { return changed ? tree.withEntries(children) : nil }
        let movesType = children.contains { name($0) == "type" }
        let moved = children.filter { self.constraints.contains(name($0)) || (movesType && name($0) == "nullable") }
        // One combinator alone, or with annotations only: as written.
        guard combinators.count > 1 || !moved.isEmpty else {
            return changed ? tree.withEntries(children) : nil
        }
        var members: [Tree] = []
        let discriminator = children.first { name($0) == "discriminator" }
        for combinator in combinators {
            if name(combinator) == "allOf" {
                members += combinator.value.items ?? []
            } else {
                var entries = [combinator]
                if let discriminator { entries.append(discriminator) }
                members.append(tree.mapping(entries))
            }
        }
        if !moved.isEmpty { members.append(tree.mapping(moved)) }
        let kept = children.filter { entry in
            !combinators.contains { name($0) == name(entry) } && !moved.contains { name($0) == name(entry) }
                && (name(entry) != "discriminator" || combinators.allSatisfy { name($0) == "allOf" })
        }
        let allOf = combinators.first { name($0) == "allOf" }
        let items = allOf.map { $0.value.withItems(members) } ?? tree.sequence(members)
        return tree.withEntries(kept + [(key: allOf?.key ?? tree.key("allOf"), value: items)])
    }
}

/// A document tree the fold reads and rebuilds.
protocol FoldableTree {
    /// A mapping's key.
    associatedtype Key
    /// The pairs of a mapping in order; `nil` for anything else.
    var entries: [(key: Key, value: Self)]? { get }
    /// The items of a sequence; `nil` for anything else.
    var items: [Self]? { get }
    /// The text of a key; `nil` for one that is not a scalar.
    static func text(of key: Key) -> String?
    func withEntries(_ entries: [(key: Key, value: Self)]) -> Self
    func withItems(_ items: [Self]) -> Self
    /// A new mapping, sequence or key, of the kind of this tree.
    func mapping(_ entries: [(key: Key, value: Self)]) -> Self
    func sequence(_ items: [Self]) -> Self
    func key(_ name: String) -> Key
}

extension JSONValue: FoldableTree {
    var entries: [(key: String, value: JSONValue)]? {
        guard case .object(let fields) = self else { return nil }
        return fields.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    }

    var items: [JSONValue]? {
        if case .array(let items) = self { items } else { nil }
    }

    static func text(of key: String) -> String? { key }
    func withEntries(_ entries: [(key: String, value: JSONValue)]) -> JSONValue { self.mapping(entries) }
    func withItems(_ items: [JSONValue]) -> JSONValue { .array(items) }

    func mapping(_ entries: [(key: String, value: JSONValue)]) -> JSONValue {
        .object(JSONObject(entries))
    }

    func sequence(_ items: [JSONValue]) -> JSONValue { .array(items) }
    func key(_ name: String) -> String { name }
}

extension Node: FoldableTree {
    var entries: [(key: Node, value: Node)]? {
        guard case .mapping(let mapping) = self else { return nil }
        return mapping.map { (key: $0.key, value: $0.value) }
    }

    var items: [Node]? {
        if case .sequence(let sequence) = self { Array(sequence) } else { nil }
    }

    static func text(of key: Node) -> String? { key.string }

    func withEntries(_ entries: [(key: Node, value: Node)]) -> Node {
        guard case .mapping(let mapping) = self else { return self }
        return .mapping(
            Node.Mapping(entries.map { ($0.key, $0.value) }, mapping.tag, mapping.style, mapping.mark, mapping.anchor))
    }

    func withItems(_ items: [Node]) -> Node {
        guard case .sequence(let sequence) = self else { return self }
        return .sequence(Node.Sequence(items, sequence.tag, sequence.style, sequence.mark, sequence.anchor))
    }

    func mapping(_ entries: [(key: Node, value: Node)]) -> Node {
        .mapping(Node.Mapping(entries.map { ($0.key, $0.value) }, .implicit, .any, self.mark))
    }

    func sequence(_ items: [Node]) -> Node { .sequence(Node.Sequence(items, .implicit, .any, self.mark)) }
    func key(_ name: String) -> Node { .scalar(Node.Scalar(name, .implicit, .any, self.mark)) }
}

extension SpecTree: FoldableTree {
    var entries: [(key: String?, value: SpecTree)]? {
        guard case .mapping(let mapping) = self else { return nil }
        return zip(mapping.keys, mapping.values).map { (key: $0, value: $1) }
    }

    var items: [SpecTree]? {
        if case .sequence(let items) = self { items } else { nil }
    }

    static func text(of key: String?) -> String? { key }

    func withEntries(_ entries: [(key: String?, value: SpecTree)]) -> SpecTree { self.mapping(entries) }
    func withItems(_ items: [SpecTree]) -> SpecTree { .sequence(items) }

    func mapping(_ entries: [(key: String?, value: SpecTree)]) -> SpecTree {
        .mapping(SpecMapping(keys: entries.map(\.key), values: entries.map(\.value)))
    }

    func sequence(_ items: [SpecTree]) -> SpecTree { .sequence(items) }
    func key(_ name: String) -> String? { name }
}
