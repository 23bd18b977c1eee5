/// A value a ``Resource``'s seed item holds as it is, from a variable as
/// well as a literal: `String`, `Int`, `Double`, `Bool`, an array or a
/// `[String: …]` dictionary of them, an optional (`nil` is JSON's `null`),
/// or a ``JSONValue``.
///
/// ```swift
/// let title = "milk"
/// Resource("todos", seed: [["id": 1, "title": title, "done": false]])
/// ```
public protocol SeedValue: Sendable {
    /// The value as the resource keeps it. Underscored, as the standard
    /// library's own plumbing is, so that completion and the documentation
    /// do not offer it on every `String`, `Int` and array of a test that
    /// imports SwitchboardKit: a requirement of a public protocol cannot be
    /// internal, and a seed item is its only reader.
    var _seedJSON: JSONValue { get }
}

extension JSONValue: SeedValue {
    public var _seedJSON: JSONValue { self }
}

extension String: SeedValue {
    public var _seedJSON: JSONValue { .string(self) }
}

extension Int: SeedValue {
    public var _seedJSON: JSONValue { .number(Double(self)) }
}

extension Double: SeedValue {
    public var _seedJSON: JSONValue { .number(self) }
}

extension Bool: SeedValue {
    public var _seedJSON: JSONValue { .bool(self) }
}

extension Optional: SeedValue where Wrapped: SeedValue {
    public var _seedJSON: JSONValue { self?._seedJSON ?? .null }
}

extension Array: SeedValue where Element: SeedValue {
    public var _seedJSON: JSONValue { .array(self.map(\._seedJSON)) }
}

extension Dictionary: SeedValue where Key == String, Value: SeedValue {
    public var _seedJSON: JSONValue { .object(JSONObject(self.mapValues(\._seedJSON))) }
}
