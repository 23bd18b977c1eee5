import SwitchboardJSON
import Yams

/// A JSON description read straight into the tree the decoder walks,
/// without YAML: JSON has no anchors, aliases, merge keys or tags, and for
/// a 5 MB description composing it as YAML cost four times reading it.
///
/// Each scalar is what Yams composes from the same text (with the loader's
/// resolver), so every value decodes as on the YAML path:
/// a string double-quoted and tagged `str` (`"200"` and `"true"` stay
/// strings), a number its text as written, plain (`1.0`, `1e3`, `-0` read
/// by Yams' own constructors), `true`/`false`/`null` plain. Yams leaves a
/// plain scalar's tag to be resolved; here it is named (`int`, `float`,
/// `bool`, `null`), which the constructors read alike: only `Bool`'s looks
/// at the tag, and refuses `str` alone. A key written twice is refused, as
/// Yams refuses it (its message is the loader's to give, on the YAML path).
extension SpecTree: JSONTree {
    /// The tree of a JSON document; `nil` when it is not JSON, or repeats
    /// a key in an object.
    init?(json bytes: [UInt8]) {
        guard let tree = JSONParser<SpecTree>.parse(bytes) else { return nil }
        self = tree
    }

    static var null: SpecTree { .scalar(SpecScalar("null", tag: .null, style: .plain)) }

    static func bool(_ value: Bool) -> SpecTree {
        .scalar(SpecScalar(value ? "true" : "false", tag: .bool, style: .plain))
    }

    static func string(_ text: String) -> SpecTree { .scalar(SpecScalar(text, tag: .str, style: .doubleQuoted)) }

    static func array(_ items: [SpecTree]) -> SpecTree { .sequence(items) }

    static func number(_ value: Double, text: String) -> SpecTree {
        let isInteger = !text.utf8.contains {
            $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
        }
        return .scalar(SpecScalar(text, tag: isInteger ? .int : .float, style: .plain))
    }

    static func members() -> (keys: [String?], values: [SpecTree]) { ([], []) }

    static func add(_ key: String, _ value: SpecTree, to members: inout (keys: [String?], values: [SpecTree])) {
        members.keys.append(key)
        members.values.append(value)
    }

    static func object(members: (keys: [String?], values: [SpecTree])) -> SpecTree? {
        let mapping = SpecMapping(keys: members.keys, values: members.values)
        return mapping.repeatsAKey ? nil : .mapping(mapping)
    }
}
