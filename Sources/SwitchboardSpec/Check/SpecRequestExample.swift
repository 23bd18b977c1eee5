import OpenAPIKit
import SwitchboardJSON

/// A request that gets an operation's success from a server checking
/// requests against its description (`--validate`), for the screen to
/// suggest: the path's parameters, the required query parameters, headers
/// and cookies (as a probe sends them, `SpecParameterValues`), a
/// placeholder for the credential its first security requirement asks for,
/// and the body it requires (its example, else one made from its schema).
public struct SpecRequestExample: Sendable {
    /// Each path parameter's text, by the description's name.
    public var pathValues: [String: String]
    public var query: [(name: String, value: String)]
    /// Headers, a `Cookie` and the body's `Content-Type` among them.
    public var headers: [SpecProbe.HeaderPair]
    /// The body's text, for an operation that requires one.
    public var body: String?

    public init(_ operation: SpecOperation, in document: SpecDocument, seed: UInt64) {
        let components = document.components
        let values = SpecParameterValues(operation, in: components, seed: seed)
        self.pathValues = values.path
        self.query = values.query
        self.headers = values.headers
        var cookies = values.cookies
        // An empty requirement makes the credentials optional.
        if let credentials = operation.security.first, !operation.security.contains(where: \.isEmpty) {
            for credential in credentials {
                switch credential {
                case .header(let name):
                    self.headers.removeAll { $0.name.lowercased() == name.lowercased() }
                    self.headers.append(SpecProbe.HeaderPair(name: name, value: Self.key))
                case .query(let name):
                    self.query.removeAll { $0.name == name }
                    self.query.append((name, Self.key))
                case .cookie(let name):
                    cookies.removeAll { $0.hasPrefix(name + "=") }
                    cookies.append(name + "=" + Self.key)
                case .authorization(let scheme):
                    self.headers.append(SpecProbe.HeaderPair(name: "Authorization", value: Self.token(scheme)))
                }
            }
        }
        if !cookies.isEmpty {
            self.headers.append(SpecProbe.HeaderPair(name: "Cookie", value: cookies.joined(separator: "; ")))
        }
        self.body = nil
        if let requested = operation.requestBody, requested.required,
            let media = requested.media.first(where: \.isJSON) ?? requested.media.first
        {
            let value =
                media.documentedExample(in: components)
                ?? media.schema.map { SchemaSample.value(for: $0, in: components, seed: seed, use: .request) }
            self.headers.append(SpecProbe.HeaderPair(name: "Content-Type", value: media.type))
            self.body = Self.text(value, type: media.type, json: media.isJSON)
        }
    }

    /// What stands for an API key: the user puts theirs in its place.
    public static let key = "KEY"

    /// `Bearer TOKEN`; HTTP Basic's placeholder is `user:password` encoded,
    /// as the scheme wants it.
    static func token(_ scheme: String) -> String {
        scheme.lowercased() == "basic" ? "Basic dXNlcjpwYXNzd29yZA==" : scheme + " TOKEN"
    }

    /// The body as sent: JSON compact; a form's fields encoded; another
    /// type's string example as it is.
    static func text(_ value: JSONValue?, type: String, json: Bool) -> String {
        guard let value else { return json ? "{}" : "1" }
        if json { return value.json }
        if type.lowercased().hasPrefix("application/x-www-form-urlencoded"), case .object(let fields) = value {
            return fields.sorted { $0.key < $1.key }.map {
                SpecProbe.encoded($0.key) + "=" + SpecProbe.encoded(ParameterText.text($0.value))
            }
            .joined(separator: "&")
        }
        if case .string(let text) = value { return text }
        return value.json
    }
}
