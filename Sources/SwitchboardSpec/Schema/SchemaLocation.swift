import SwitchboardJSON

/// How a place inside a value is written in a violation: `body`, then
/// `.name` for a property (`["odd key"]` when the name is not a plain
/// word) and `[0]` for an item.
enum SchemaLocation {
    static func property(_ name: String, of location: String) -> String {
        let plain =
            !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "$"),
                    UInt8(ascii: "@"):
                    true
                default: false
                }
            }
        if !plain { return location + "[" + JSONText.quoted(name) + "]" }
        return location.isEmpty ? name : location + "." + name
    }

    static func item(_ index: Int, of location: String) -> String {
        location + "[\(index)]"
    }
}
