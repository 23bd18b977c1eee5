import Foundation
public import OpenAPIKit
public import SwitchboardJSON

extension JSONValue {
    /// A value OpenAPIKit read from the document (an `enum` member, a
    /// `default`, an `example`); `nil` for anything JSON cannot hold.
    public init?(openAPI value: AnyCodable) {
        self.init(any: value.value)
    }

    private init?(any value: Any) {
        switch value {
        case is NSNull: self = .null
        case let flag as Bool: self = .bool(flag)
        case let number as Int: self = .number(Double(number))
        case let number as UInt: self = .number(Double(number))
        case let number as Int64: self = .number(Double(number))
        case let number as Double: self = .number(number)
        case let number as Float: self = .number(Double(number))
        case let text as String: self = .string(text)
        case let codable as AnyCodable: self.init(any: codable.value)
        case let items as [Any]:
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = JSONValue(any: item) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let fields as [String: Any]:
            var values: [String: JSONValue] = [:]
            for (key, field) in fields {
                guard let value = JSONValue(any: field) else { return nil }
                values[key] = value
            }
            self = .object(JSONObject(values))
        default:
            // `Optional.none` inside an `Any` (OpenAPIKit's null when built in code).
            if let optional = value as? any OptionalValue, optional.isNone {
                self = .null
            } else {
                return nil
            }
        }
    }
}

private protocol OptionalValue {
    var isNone: Bool { get }
}

extension Optional: OptionalValue {
    var isNone: Bool { self == nil }
}
