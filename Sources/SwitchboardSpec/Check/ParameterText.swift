public import SwitchboardJSON

/// A value written as the text of a header or parameter in OpenAPI's
/// default `simple` style: what a described header is sent with, what a
/// probe puts in a path. The inverse of `ParameterValue`, which reads such
/// text back: scalars as they read (`JSONValue.text`: strings bare, `5` not
/// `5.0`), an array's items joined by commas, an object's keys and values
/// likewise, null as nothing.
public enum ParameterText {
    public static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: ""
        case .array(let items): items.map(Self.text).joined(separator: ",")
        case .object(let fields):
            fields.sorted { $0.key < $1.key }.flatMap { [$0.key, Self.text($0.value)] }.joined(separator: ",")
        default: value.text
        }
    }
}
