/// What `JSONParser` builds: one JSON grammar, read into the tree its
/// caller needs. `JSONValue` for a request's body (unordered objects,
/// numbers as `Double`); the OpenAPI loader's tree for a JSON description
/// (keys in document order, numbers as their text).
///
/// Enum cases of the same names satisfy the first four.
public protocol JSONTree {
    /// An object's members while it is read.
    associatedtype Members

    static var null: Self { get }
    static func bool(_ value: Bool) -> Self
    static func string(_ text: String) -> Self
    static func array(_ items: [Self]) -> Self
    /// A number: its value (finite; the parser refuses others) and its text
    /// as written (`1.0`, `1e3`, `-0`).
    static func number(_ value: Double, text: String) -> Self
    /// An empty object's members.
    static func members() -> Members
    /// `value` under `key`, in document order, to `members`.
    static func add(_ key: String, _ value: Self, to members: inout Members)
    /// The object of `members`; `nil` refuses the whole document (a key
    /// written twice, where that is not allowed).
    static func object(members: Members) -> Self?
}
