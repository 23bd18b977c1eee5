import Foundation
public import OpenAPIKit
public import SwitchboardJSON

/// One operation of a description (a method on a path), its references
/// already looked up.
public struct SpecOperation: Sendable {
    /// `operationId`; `nil` when the document gives none (the core then
    /// derives one from method and path, the way it does for a manifest).
    public var operationID: String?
    /// Upper-case HTTP method.
    public var method: String
    /// The path as the document writes it, `/pets/{petId}`, without the
    /// server's base path.
    public var path: String
    public var summary: String?
    /// The path item's parameters and the operation's own (which win on the
    /// same name and place).
    public var parameters: [SpecParameter]
    public var requestBody: SpecRequestBody?
    /// Responses in document order.
    public var responses: [SpecResponse]
    /// What a request needs to be let in: any one of these sets of
    /// credentials (its own `security`, else the document's). Empty when
    /// the operation asks for none; an empty set among them lets anyone in.
    public var security: [[SpecCredential]]

    public init(
        operationID: String?, method: String, path: String, summary: String? = nil,
        parameters: [SpecParameter] = [], requestBody: SpecRequestBody? = nil, responses: [SpecResponse] = [],
        security: [[SpecCredential]] = []
    ) {
        self.operationID = operationID
        self.method = method
        self.path = path
        self.summary = summary
        self.parameters = parameters
        self.requestBody = requestBody
        self.responses = responses
        self.security = security
    }
}

/// A parameter of an operation.
public struct SpecParameter: Sendable {
    public enum Place: String, Sendable {
        case path, query, header, cookie, querystring
    }

    public var name: String
    public var place: Place
    public var required: Bool
    public var schema: JSONSchema?
    /// Its `example`, else its first named `examples` entry (a probe's
    /// value for it: `check --against`).
    public var example: JSONValue?
}

/// What an operation takes as its body.
public struct SpecRequestBody: Sendable {
    public var required: Bool
    public var media: [SpecMedia]
}

/// One documented response of an operation.
public struct SpecResponse: Sendable {
    public var status: SpecStatus
    public var description: String?
    /// Its media types in document order; empty for a response without a
    /// body (a `204`).
    public var media: [SpecMedia]
    /// The headers it documents, in document order (`Content-Type`, which
    /// OpenAPI says to ignore here, left out).
    public var headers: [SpecHeader] = []
}

/// A header a response documents.
public struct SpecHeader: Sendable {
    public var name: String
    public var required: Bool
    public var schema: JSONSchema?
    /// Its `example`, else its first named `examples` entry.
    public var example: JSONValue?

    public init(name: String, required: Bool = false, schema: JSONSchema? = nil, example: JSONValue? = nil) {
        self.name = name
        self.required = required
        self.schema = schema
        self.example = example
    }
}

/// The key a response is documented under.
public enum SpecStatus: Sendable, Hashable, CustomStringConvertible {
    /// `200`.
    case code(Int)
    /// `2XX`: the first digit.
    case range(Int)
    /// `default`: any status not documented otherwise.
    case `default`

    /// The status served for it: the code itself, a range's `x00`; `nil`
    /// for `default`, whose status the caller picks.
    public var servedCode: Int? {
        switch self {
        case .code(let code): code
        case .range(let digit): digit * 100
        case .default: nil
        }
    }

    /// The hundred it falls in (2 for `201` and for `2XX`); `nil` for `default`.
    public var hundred: Int? {
        self.servedCode.map { $0 / 100 }
    }

    public var description: String {
        switch self {
        case .code(let code): String(code)
        case .range(let digit): "\(digit)XX"
        case .default: "default"
        }
    }
}

/// One media type of a response or request body: what the document shows
/// as its examples and the schema they follow.
public struct SpecMedia: Sendable {
    /// `application/json`, as the document writes it.
    public var type: String
    /// The media type's own `example`.
    public var example: JSONValue?
    /// Its named `examples`, in document order (external ones left out).
    public var examples: [(name: String, value: JSONValue)]
    public var schema: JSONSchema?

    public init(
        type: String, example: JSONValue? = nil, examples: [(name: String, value: JSONValue)] = [],
        schema: JSONSchema? = nil
    ) {
        self.type = type
        self.example = example
        self.examples = examples
        self.schema = schema
    }

    /// Whether bodies of this type are JSON (`application/json`,
    /// `application/problem+json`, `*/*` read as JSON too).
    public var isJSON: Bool {
        let bare =
            self.type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return bare == "application/json" || bare.hasSuffix("+json") || bare == "*/*" || bare == "application/*"
    }
}
