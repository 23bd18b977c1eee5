import OpenAPIKit
public import SwitchboardJSON

/// A description's examples as it writes them: each example object or
/// array as compact JSON, its keys in the order written, found by its
/// value. OpenAPIKit reads an example into a dictionary (`AnyCodable`),
/// which keeps no order, and `JSONValue.json` sorts the keys; the tree the
/// decoder walks keeps them as written, so an example is sent as a
/// manifest's `json:` is (`{"greeting":…,"zeta":…,"alpha":…}`, not sorted
/// and pretty-printed).
///
/// Every `example`, each named example's `value` (`examples`) and each
/// item of a schema's `examples` list is kept, wherever it stands (media
/// types, components, schemas); a scalar's text is its value's. Each
/// scalar is read as OpenAPIKit reads it (`AnyCodable`, by the decoder),
/// so a value found here equals the one OpenAPIKit gives.
public struct SpecExampleOrder: Sendable {
    private let texts: [JSONValue: String]

    /// No examples known: every value written with its keys sorted.
    public static let none = SpecExampleOrder(texts: [:])

    private init(texts: [JSONValue: String]) {
        self.texts = texts
    }

    init(_ tree: SpecTree) {
        var texts: [JSONValue: String] = [:]
        Self.collect(tree, into: &texts)
        self.texts = texts
    }

    /// `value` as compact JSON: as the description writes it when it is one
    /// of its examples (the first written, of two alike), else keys sorted.
    public func json(_ value: JSONValue) -> String {
        self.texts[value] ?? value.json
    }

    private static func collect(_ tree: SpecTree, into texts: inout [JSONValue: String]) {
        switch tree {
        case .scalar: return
        case .sequence(let items): for item in items { Self.collect(item, into: &texts) }
        case .mapping(let mapping):
            for (key, value) in zip(mapping.keys, mapping.values) {
                switch (key, value) {
                case ("example", _):
                    Self.keep(value, in: &texts)
                case ("examples", .mapping(let named)):
                    for entry in named.values {
                        if case .mapping(let example) = entry, let shown = example["value"] {
                            Self.keep(shown, in: &texts)
                        }
                    }
                case ("examples", .sequence(let items)):
                    for item in items { Self.keep(item, in: &texts) }
                default:
                    break
                }
                // Walked on too: a property may be named `example`.
                Self.collect(value, into: &texts)
            }
        }
    }

    /// An example object or array, by its value (a scalar has no order).
    private static func keep(_ tree: SpecTree, in texts: inout [JSONValue: String]) {
        if case .scalar = tree { return }
        if let (value, text) = Self.read(tree), texts[value] == nil { texts[value] = text }
    }

    private static func read(_ tree: SpecTree) -> (JSONValue, String)? {
        switch tree {
        case .scalar:
            guard let read = try? SpecDecoder.decode(AnyCodable.self, from: tree, userInfo: [:]),
                let value = JSONValue(openAPI: read)
            else { return nil }
            return (value, value.json)
        case .sequence(let items):
            var values: [JSONValue] = []
            var texts: [String] = []
            for item in items {
                guard let (value, text) = Self.read(item) else { return nil }
                values.append(value)
                texts.append(text)
            }
            return (.array(values), "[" + texts.joined(separator: ",") + "]")
        case .mapping(let mapping):
            var fields: JSONObject = [:]
            var texts: [String] = []
            for (key, item) in zip(mapping.keys, mapping.values) {
                guard let key, let (value, text) = Self.read(item) else { return nil }
                fields[key] = value
                texts.append(JSONText.quoted(key) + ":" + text)
            }
            return (.object(fields), "{" + texts.joined(separator: ",") + "}")
        }
    }
}
