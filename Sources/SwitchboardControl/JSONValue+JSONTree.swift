extension JSONValue: JSONTree {
    // `null`, `bool`, `string` and `array` are the enum's own cases.

    public static func number(_ value: Double, text: String) -> JSONValue { .number(value) }

    public static func members() -> [String: JSONValue] { [:] }

    /// A key written twice keeps its last value, as Foundation's reader does.
    public static func add(_ key: String, _ value: JSONValue, to members: inout [String: JSONValue]) {
        members[key] = value
    }

    public static func object(members: [String: JSONValue]) -> JSONValue? { .object(members) }
}
