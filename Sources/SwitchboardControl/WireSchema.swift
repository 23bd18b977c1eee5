public import SwitchboardJSON

/// A contract type's JSON Schema (2020-12, as OpenAPI 3.1 reads it),
/// written beside the type, for the control API's own description
/// (`ControlDescription`, `GET /__switchboard/openapi.json`). The route
/// table asks every body and answer for one, so a route whose type has no
/// schema does not compile. Written by hand because the server writes some
/// answers by hand too (the journal line, error bodies): what it says is
/// held to what the server sends by `WireSchemaTests`, which validates real
/// answers against it.
public protocol WireSchema {
    /// Its name under `components/schemas`; `nil` to write it in place
    /// (lists, any JSON).
    static var schemaName: String? { get }
    /// The schema; types it holds are named with `schemas.reference(_:)`.
    static func schema(_ schemas: inout WireSchemas) -> JSONValue
}

extension WireSchema {
    public static var schemaName: String? { String(describing: Self.self) }
}

/// The named schemas a description collects (`components/schemas`) while
/// its routes' types are written, and the shapes they are written with.
public struct WireSchemas: Sendable {
    /// Each named schema, by name.
    public private(set) var named: JSONObject = [:]

    public init() {}

    /// `{"$ref": "#/components/schemas/Name"}` for a named type, whose
    /// schema is written once; an unnamed type's schema in place.
    public mutating func reference(_ type: any WireSchema.Type) -> JSONValue {
        guard let name = type.schemaName else { return type.schema(&self) }
        if self.named[name] == nil {
            // Claimed before it is written, so a type that holds itself
            // refers to itself instead of recursing.
            self.named[name] = [:]
            self.named[name] = type.schema(&self)
        }
        return ["$ref": .string("#/components/schemas/" + name)]
    }

    /// An object with exactly these `properties`; `required` are always
    /// written (with `null` where the type allows it), the others only
    /// when they apply.
    public static func object(
        _ properties: JSONObject, required: [String], description: String? = nil,
        closed: Bool = true
    ) -> JSONValue {
        var fields: JSONObject = [
            "type": "object", "properties": .object(properties), "required": .array(required.map(JSONValue.string)),
        ]
        if closed { fields["additionalProperties"] = false }
        if let description { fields["description"] = .string(description) }
        return .object(fields)
    }

    public static let string: JSONValue = ["type": "string"]
    public static let boolean: JSONValue = ["type": "boolean"]
    /// A count or a number of milliseconds: a whole number, 0 or more.
    public static let count: JSONValue = ["type": "integer", "minimum": 0]
    public static let strings: JSONValue = ["type": "array", "items": ["type": "string"]]

    /// `schema`, or `null` in its place.
    public static func nullable(_ schema: JSONValue) -> JSONValue {
        if case .string(let type)? = schema["type"], case .object(var fields) = schema {
            fields["type"] = [.string(type), "null"]
            if case .array(let words)? = fields["enum"] { fields["enum"] = .array(words + [.null]) }
            return .object(fields)
        }
        return ["anyOf": [schema, ["type": "null"]]]
    }

    /// A list of `items`.
    public static func array(_ items: JSONValue) -> JSONValue {
        ["type": "array", "items": items]
    }

    /// One of the words in `values`.
    public static func oneWord(of values: [String]) -> JSONValue {
        ["type": "string", "enum": .array(values.map(JSONValue.string))]
    }
}

extension Array: WireSchema where Element: WireSchema {
    public static var schemaName: String? { nil }

    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.array(schemas.reference(Element.self))
    }
}

extension JSONValue: WireSchema {
    public static var schemaName: String? { nil }

    /// Any JSON at all.
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue { [:] }
}
