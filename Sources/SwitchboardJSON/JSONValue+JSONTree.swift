extension JSONValue: JSONTree {
    // `null`, `bool`, `string` and `array` are the enum's own cases.

    public static func number(_ value: Double, text: String) -> JSONValue { .number(value) }

    public static func members() -> JSONObject { [:] }

    /// A key written twice keeps its last value, as Foundation's reader does
    /// (and its first place). Keys are told apart by their bytes.
    public static func add(_ key: String, _ value: JSONValue, to members: inout JSONObject) {
        members[key] = value
    }

    public static func object(members: JSONObject) -> JSONValue? { .object(members) }
}
