public import SwitchboardControl
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
/// The loader calls this on the tree it read (`JSONValue` for JSON,
/// `Yams.Node` for YAML, which keeps the order of keys and their lines)
/// before decoding it.
public enum CombinatorSiblings {
    public static func folded(_ document: JSONValue) -> JSONValue {
        self.fold(document)
    }

    public static func folded(_ document: Node) -> Node {
        self.fold(document)
    }

    /// The keywords that constrain a value, as opposed to annotating it.
    static let constraints: Set<String> = [
        "type", "format", "properties", "required", "additionalProperties", "patternProperties", "minProperties",
        "maxProperties", "items", "prefixItems", "minItems", "maxItems", "uniqueItems", "enum", "const", "minimum",
        "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern", "not",
    ]

    /// Keywords whose values are data, left as they are.
    static let values: Set<String> = ["example", "examples", "default", "enum", "const"]

    private static func fold<Tree: FoldableTree>(_ tree: Tree) -> Tree {
        if let items = tree.items { return tree.withItems(items.map { self.fold($0) }) }
        guard let entries = tree.entries else { return tree }
        let name = { (entry: (key: Tree, value: Tree)) in entry.key.keyText ?? "" }
        // Examples and values are the API's data, not schemas.
        let children = entries.map { entry in
            (key: entry.key, value: self.values.contains(name(entry)) ? entry.value : self.fold(entry.value))
        }
        let combinators = children.filter { ["allOf", "oneOf", "anyOf"].contains(name($0)) && $0.value.items != nil }
        let movesType = children.contains { name($0) == "type" }
        let moved = children.filter { self.constraints.contains(name($0)) || (movesType && name($0) == "nullable") }
        // One combinator alone, or with annotations only: as written.
        guard !combinators.isEmpty, combinators.count > 1 || !moved.isEmpty else {
            return tree.withEntries(children)
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
    /// The pairs of a mapping in order; `nil` for anything else.
    var entries: [(key: Self, value: Self)]? { get }
    /// The items of a sequence; `nil` for anything else.
    var items: [Self]? { get }
    /// The text of a scalar key.
    var keyText: String? { get }
    func withEntries(_ entries: [(key: Self, value: Self)]) -> Self
    func withItems(_ items: [Self]) -> Self
    /// A new mapping, sequence or key, of the kind of this tree.
    func mapping(_ entries: [(key: Self, value: Self)]) -> Self
    func sequence(_ items: [Self]) -> Self
    func key(_ name: String) -> Self
}

extension JSONValue: FoldableTree {
    var entries: [(key: JSONValue, value: JSONValue)]? {
        guard case .object(let fields) = self else { return nil }
        return fields.sorted { $0.key < $1.key }.map { (key: .string($0.key), value: $0.value) }
    }

    var items: [JSONValue]? {
        if case .array(let items) = self { items } else { nil }
    }

    func withEntries(_ entries: [(key: JSONValue, value: JSONValue)]) -> JSONValue { self.mapping(entries) }
    func withItems(_ items: [JSONValue]) -> JSONValue { .array(items) }

    func mapping(_ entries: [(key: JSONValue, value: JSONValue)]) -> JSONValue {
        .object(Dictionary(entries.map { ($0.key.text, $0.value) }) { _, last in last })
    }

    var keyText: String? {
        if case .string(let text) = self { text } else { nil }
    }

    func sequence(_ items: [JSONValue]) -> JSONValue { .array(items) }
    func key(_ name: String) -> JSONValue { .string(name) }
}

extension Node: FoldableTree {
    var entries: [(key: Node, value: Node)]? {
        guard case .mapping(let mapping) = self else { return nil }
        return mapping.map { (key: $0.key, value: $0.value) }
    }

    var items: [Node]? {
        if case .sequence(let sequence) = self { Array(sequence) } else { nil }
    }

    var keyText: String? { self.string }

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
