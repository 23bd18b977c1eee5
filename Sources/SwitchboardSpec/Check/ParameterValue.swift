import OpenAPIKit
import SwitchboardJSON

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
        case .integer:
            return Self.number(text, integer: true).map(JSONValue.number) ?? .string(text)
        case .number:
            return Self.number(text, integer: false).map(JSONValue.number) ?? .string(text)
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

    /// The number `text` writes: an optional sign and decimal digits for an
    /// integer (`-7`, `+7`, `007`); for a number also a point and an
    /// exponent, as JSON writes numbers (`-1.5e3`, and `.5` or `5.`).
    /// `nil` for anything else `Double(_:)` would read, which no client
    /// means by a number: hex (`0x10` is 16, `0x1p3` 8), `inf`, `nan`, a
    /// number too large to be finite.
    static func number(_ text: String, integer: Bool) -> Double? {
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        func unsigned(_ part: Substring.UTF8View) -> Substring.UTF8View {
            guard let first = part.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") else { return part }
            return part.dropFirst()
        }
        let bytes = unsigned(Substring(text).utf8)
        if integer {
            guard !bytes.isEmpty, bytes.allSatisfy(isDigit) else { return nil }
        } else {
            let parts = bytes.split(
                maxSplits: 1, omittingEmptySubsequences: false,
                whereSeparator: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
            let mantissa = parts[0].filter { $0 != UInt8(ascii: ".") }
            guard !mantissa.isEmpty, mantissa.allSatisfy(isDigit), parts[0].count - mantissa.count <= 1 else {
                return nil
            }
            if parts.count == 2 {
                let exponent = unsigned(parts[1])
                guard !exponent.isEmpty, exponent.allSatisfy(isDigit) else { return nil }
            }
        }
        guard let number = Double(text), number.isFinite else { return nil }
        return number
    }
}
