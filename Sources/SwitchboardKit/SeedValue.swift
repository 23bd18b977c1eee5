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
    /// The value as the resource keeps it.
    var seedJSON: JSONValue { get }
}

extension JSONValue: SeedValue {
    public var seedJSON: JSONValue { self }
}

extension String: SeedValue {
    public var seedJSON: JSONValue { .string(self) }
}

extension Int: SeedValue {
    public var seedJSON: JSONValue { .number(Double(self)) }
}

extension Double: SeedValue {
    public var seedJSON: JSONValue { .number(self) }
}

extension Bool: SeedValue {
    public var seedJSON: JSONValue { .bool(self) }
}

extension Optional: SeedValue where Wrapped: SeedValue {
    public var seedJSON: JSONValue { self?.seedJSON ?? .null }
}

extension Array: SeedValue where Element: SeedValue {
    public var seedJSON: JSONValue { .array(self.map(\.seedJSON)) }
}

extension Dictionary: SeedValue where Key == String, Value: SeedValue {
    public var seedJSON: JSONValue { .object(self.mapValues(\.seedJSON)) }
}
