public import OpenAPIKit
public import SwitchboardControl

/// A value that a schema accepts, for a response the description gives no
/// example for.
///
/// A placeholder in helper B's branch so that it builds: helper C's
/// `SchemaSample` (same signature, formats, patterns, discriminators, …)
/// replaces this file on merge. It handles the simple cases only.
public enum SchemaSample {
    public static func value(for schema: JSONSchema, in components: OpenAPI.Components, seed: UInt64) -> JSONValue {
        Self.sample(schema, components, depth: 0)
    }

    private static func sample(_ schema: JSONSchema, _ components: OpenAPI.Components, depth: Int) -> JSONValue {
        if let example = schema.examples.first.flatMap(SpecOperations.json) { return example }
        if let allowed = schema.allowedValues?.first.flatMap(SpecOperations.json) { return allowed }
        if let value = schema.defaultValue.flatMap(SpecOperations.json) { return value }
        switch schema.value {
        case .null: return .null
        case .boolean: return .bool(true)
        case .number(_, let numbers):
            var value = numbers.minimum.map { $0.value + ($0.exclusive ? 1 : 0) } ?? 0
            if let maximum = numbers.maximum, value > maximum.value {
                value = maximum.value - (maximum.exclusive ? 0.5 : 0)
            }
            if let step = numbers.multipleOf, step > 0 { value = (value / step).rounded(.up) * step }
            return .number(value)
        case .integer(_, let integers):
            var value = integers.minimum.map { $0.value + ($0.exclusive ? 1 : 0) } ?? 1
            if let maximum = integers.maximum, value > maximum.value {
                value = maximum.value - (maximum.exclusive ? 1 : 0)
            }
            if let step = integers.multipleOf, step > 0 { value = (value + step - 1) / step * step }
            return .number(Double(value))
        case .string(_, let strings):
            var text = Self.formatted(schema.formatString) ?? "string"
            while text.count < strings.minLength { text += "x" }
            if let maximum = strings.maxLength, text.count > maximum { text = String(text.prefix(maximum)) }
            return .string(text)
        case .object(_, let object):
            var fields: [String: JSONValue] = [:]
            let required = Set(object.requiredProperties)
            for (name, property) in object.properties where required.contains(name) || depth < 3 {
                guard depth < 12 else { break }
                fields[name] = Self.sample(property, components, depth: depth + 1)
            }
            return .object(fields)
        case .array(_, let array):
            guard let items = array.items, depth < 12 else { return .array([]) }
            return .array(
                Array(repeating: Self.sample(items, components, depth: depth + 1), count: max(1, array.minItems)))
        case .all(let parts, _):
            var merged: [String: JSONValue] = [:]
            for part in parts {
                let value = Self.sample(part, components, depth: depth + 1)
                guard case .object(let fields) = value else { return value }
                merged.merge(fields) { first, _ in first }
            }
            return .object(merged)
        case .one(let choices, _), .any(let choices, _):
            guard let first = choices.first else { return .null }
            return Self.sample(first, components, depth: depth + 1)
        case .not: return .null
        case .reference:
            guard depth < 12, let target = try? components.lookupOnce(schema) else { return .object([:]) }
            return Self.sample(target, components, depth: depth + 1)
        case .fragment: return .object([:])
        }
    }

    private static func formatted(_ format: String?) -> String? {
        switch format {
        case "date-time": "2024-01-01T00:00:00Z"
        case "date": "2024-01-01"
        case "uuid": "00000000-0000-4000-8000-000000000000"
        case "email": "user@example.com"
        case "uri", "url": "https://example.com"
        case "ipv4": "192.0.2.1"
        case "ipv6": "2001:db8::1"
        case "hostname": "example.com"
        case "byte": "c3dpdGNoYm9hcmQ="
        default: nil
        }
    }
}
