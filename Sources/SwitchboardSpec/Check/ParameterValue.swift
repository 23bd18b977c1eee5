import OpenAPIKit
import SwitchboardControl

/// A parameter's text as the JSON value its schema describes, so that
/// `SchemaCheck` can judge it: `"10"` is the number 10 for an integer
/// parameter, `a,b` (or the parameter sent twice) an array. Text that is
/// not what the schema's type reads stays a string, for the check to
/// refuse with `expected integer`.
enum ParameterValue {
    static func json(_ texts: [String], schema: JSONSchema?, references: SchemaReferences) -> JSONValue {
        guard let schema, let resolved = references.resolved(schema) else { return .string(texts.first ?? "") }
        if case .array(_, let array) = resolved.value {
            let values =
                texts.count == 1
                ? texts[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init) : texts
            return .array(values.map { Self.scalar($0, schema: array.items, references: references) })
        }
        return Self.scalar(texts.first ?? "", schema: resolved, references: references)
    }

    private static func scalar(_ text: String, schema: JSONSchema?, references: SchemaReferences) -> JSONValue {
        guard let schema, let resolved = references.resolved(schema) else { return .string(text) }
        switch resolved.value {
        case .integer, .number:
            guard let number = Double(text), number.isFinite else { return .string(text) }
            return .number(number)
        case .boolean:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return .string(text)
            }
        case .null:
            return text.isEmpty ? .null : .string(text)
        default:
            return .string(text)
        }
    }
}
