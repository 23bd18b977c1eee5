import Foundation

/// A JSON document as body requirements, templates, resources and tests'
/// predicates read it: a request's body, a value the manifest expects in
/// one, a resource's item. Numbers are compared by
/// value (`1` equals `1.0`); object keys are unordered; strings and keys
/// compare by their bytes, as JSON compares them (RFC 8259 §8.3), not by
/// canonical equivalence as `String` does.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// `bytes` parsed as JSON; `nil` when they are not JSON.
    public init?(bytes: [UInt8]) {
        guard let value = JSONParser<JSONValue>.parse(bytes) else { return nil }
        self = value
    }

    /// Whether `actual` has what this expected value asks for. The string
    /// `"*"` stands for any value. With `exact` objects must have the same
    /// keys and arrays the same items in order; otherwise an object needs
    /// only the keys given, and an array needs each expected item in some
    /// item of its own (in any order).
    public func isMatched(by actual: JSONValue, exact: Bool) -> Bool {
        switch (self, actual) {
        case (.string("*"), _):
            return true
        case (.object(let expected), .object(let got)):
            if exact && expected.count != got.count { return false }
            return expected.allSatisfy { key, value in got[key].map { value.isMatched(by: $0, exact: exact) } ?? false }
        case (.array(let expected), .array(let got)):
            if exact {
                return expected.count == got.count
                    && zip(expected, got).allSatisfy { $0.isMatched(by: $1, exact: true) }
            }
            return expected.allSatisfy { item in got.contains { item.isMatched(by: $0, exact: false) } }
        default:
            return self == actual
        }
    }

    /// The value as it reads in a hint or a template: strings bare,
    /// numbers without a needless `.0`, anything else as compact JSON.
    public var text: String {
        switch self {
        case .string(let text): text
        default: self.json
        }
    }

    /// Compact JSON, keys sorted.
    public var json: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        // JSON has no infinity or NaN (a YAML description can write them:
        // `.inf`, `1e400`): null, as JavaScript's JSON.stringify writes them.
        case .number(let value) where !value.isFinite: "null"
        case .number(let value):
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .string(let text): JSONText.quoted(text)
        case .array(let items): "[" + items.map(\.json).joined(separator: ",") + "]"
        case .object(let fields):
            "{"
                + fields.sorted { $0.key < $1.key }.map { JSONText.quoted($0.key) + ":" + $0.value.json }
                .joined(separator: ",") + "}"
        }
    }
}

extension JSONValue: Hashable {
    public static func == (left: JSONValue, right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.string(let left), .string(let right)): ExactText(left) == ExactText(right)
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)): left == right
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .number(let value):
            hasher.combine(2)
            hasher.combine(value)
        case .string(let text):
            hasher.combine(3)
            hasher.combine(ExactText(text))
        case .array(let items):
            hasher.combine(4)
            hasher.combine(items)
        case .object(let fields):
            hasher.combine(5)
            hasher.combine(fields)
        }
    }
}

extension JSONValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let text): try container.encode(text)
        case .array(let items): try container.encode(items)
        // Through a dictionary, as before: Foundation's encoder keeps an
        // object's members by `String` whichever way they are handed to it.
        case .object(let fields):
            try container.encode(Dictionary(fields.lazy.map { ($0.key, $0.value) }) { _, last in last })
        }
    }
}

extension JSONValue: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Each wrong guess throws, and throwing is what this costs: the
        // containers first (a body is an object, and only one guess is
        // made for it), then strings, the commonest leaves; `Bool` before
        // `Double`, which would read `true` as 1.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(JSONObject(value))
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else {
            self = .number(try container.decode(Double.self))
        }
    }
}

/// Reading a value in a test: `request.json["user"]["name"] == "alice"`,
/// `request.json["items"][0]["sku"] == "A1"`.
extension JSONValue {
    /// The field `key` of an object; `nil` for anything else.
    public subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { fields[key] } else { nil }
    }

    /// The item at `index` of an array; `nil` past its end or for anything else.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }
}

extension Optional where Wrapped == JSONValue {
    /// As on `JSONValue`, through a value that may be missing.
    public subscript(key: String) -> JSONValue? { self?[key] }
    public subscript(index: Int) -> JSONValue? { self?[index] }
}

// Not `ExpressibleByNilLiteral`: `nil` for a `JSONValue?` would then be
// ambiguous, and "no value" would quietly read as JSON `null`.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.lazy.map { (key: $0.0, value: $0.1) }))
    }
}
