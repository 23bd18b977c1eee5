import Foundation
import OpenAPIKit
import SwitchboardJSON
import SwitchboardModel

/// The one safe request `switchboard check SPEC --against URL` sends for a
/// `GET` operation, decided without the network: its path with each
/// parameter filled in, its required query parameters, headers and cookies,
/// and the user's `--header`s; or why it is not sent (a credential the user
/// did not give). Values are the parameter's example (`example`, else its
/// first `examples` entry), else its schema's, else generated from the
/// schema (`SchemaSample`), the same for the same seed.
public struct SpecProbe: Sendable {
    public enum Plan: Sendable, Equatable {
        /// `target` is the path and query to ask the API's origin for
        /// (`/api/v3/pet/1?x=1`), with `headers` in order.
        case send(target: String, headers: [HeaderPair])
        /// Not sent, and why.
        case skip(String)
    }

    public struct HeaderPair: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public let operation: SpecOperation
    public let plan: Plan

    /// The request for `operation` at an API whose URL has the path
    /// `basePath` (`/v1`, no trailing slash; empty for none). Without one,
    /// the description's base path (its first server's, `/api/v3`) is put
    /// before each path, as the real API serves the description there; a
    /// path given is taken as it is, for an API served elsewhere. `headers`
    /// (`--header`) go on every request, replacing a described header of
    /// the same name.
    public init(
        _ operation: SpecOperation, in document: SpecDocument, basePath: String, headers: [HeaderPair], seed: UInt64
    ) {
        self.operation = operation
        let components = document.components
        let values = SpecParameterValues(operation, in: components, seed: seed)
        let prefix = basePath.isEmpty ? document.basePath : basePath
        let path = prefix + Self.path(operation.path) { values.path[$0] ?? "1" }
        let query = values.query
        var sent = values.headers
        if !values.cookies.isEmpty {
            sent.append(HeaderPair(name: "Cookie", value: values.cookies.joined(separator: "; ")))
        }
        let accepted = Self.acceptedTypes(operation)
        if !accepted.isEmpty { sent.append(HeaderPair(name: "Accept", value: accepted.joined(separator: ", "))) }
        for given in headers {
            sent.removeAll { $0.name.lowercased() == given.name.lowercased() }
            sent.append(given)
        }

        let queryText = query.map { Self.encoded($0.name) + "=" + Self.encoded($0.value) }.joined(separator: "&")
        let target = (path.isEmpty ? "/" : path) + (queryText.isEmpty ? "" : "?" + queryText)

        // Whether the request carries what the operation's security asks
        // for is `RequestCheck`'s rule, the one `--validate` applies.
        let request = SpecRequest(
            pathValues: [:], query: query,
            header: { name in sent.last { $0.name.lowercased() == name.lowercased() }?.value }, body: [])
        let refused = RequestCheck.violations(of: request, against: operation, in: components)
            .first { $0.kind == .unauthorized }
        if refused != nil {
            self.plan = .skip("needs \(Self.credentials(operation)): \(Self.howToGive(operation.security))")
        } else {
            self.plan = .send(target: target, headers: sent)
        }
    }

    /// `operationId`, else `GET /path`: how the report names it.
    public var name: String {
        self.operation.operationID ?? "\(self.operation.method) \(self.operation.path)"
    }

    /// The description's path as requested (`SpecOperation.requestPath`)
    /// with each `{name}` replaced by `value(name)`, percent-encoded.
    static func path(_ described: String, value: (String) -> String) -> String {
        var rest = SpecOperation.requestPath(of: described)
        var path = ""
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            path += rest[..<open]
            path += Self.encoded(value(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        return path + rest
    }

    /// The media types the operation's responses document, in order, once
    /// each: what the probe's `Accept` asks for.
    static func acceptedTypes(_ operation: SpecOperation) -> [String] {
        var seen: Set<String> = []
        return operation.responses.flatMap(\.media).map(\.type).filter { seen.insert($0.lowercased()).inserted }
    }

    /// The operation's security requirements in words: any one of them,
    /// each with all it needs.
    static func credentials(_ operation: SpecOperation) -> String {
        operation.security.map { set in set.map(\.description).joined(separator: " and ") }
            .joined(separator: " or ")
    }

    /// The `--header` that gives the first credential a header can carry
    /// (a query key cannot be given).
    static func howToGive(_ security: [[SpecCredential]]) -> String {
        for credential in security.joined() {
            switch credential {
            case .header(let name): return "give it with --header '\(name): …'"
            case .authorization(let scheme): return "give it with --header 'Authorization: \(scheme) …'"
            case .cookie(let name): return "give it with --header 'Cookie: \(name)=…'"
            case .query: continue
            }
        }
        return "--against sends no query credentials"
    }

    /// Percent-encodes all but RFC 3986's unreserved characters.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? text
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

/// The values a request made from the description sends for an
/// operation's parameters (a probe, a suggested command): each path
/// parameter's, and the required query parameters, headers and cookies.
/// Each is the parameter's example, else one from its schema
/// (`SchemaSample` takes the schema's own example first; a plain string
/// where it has no schema), the same for the same seed.
struct SpecParameterValues {
    /// By the description's name, as written in the path (`simple` style).
    var path: [String: String] = [:]
    var query: [(name: String, value: String)] = []
    var headers: [SpecProbe.HeaderPair] = []
    /// `name=value`, one a cookie.
    var cookies: [String] = []

    init(_ operation: SpecOperation, in components: OpenAPI.Components, seed: UInt64) {
        for (index, parameter) in operation.parameters.enumerated() {
            let value =
                parameter.example
                ?? SchemaSample.value(for: parameter.schema ?? .string, in: components, seed: seed &+ UInt64(index))
            switch parameter.place {
            case .path:
                self.path[parameter.name] = ParameterText.text(value)
                continue
            case .query, .header, .cookie, .querystring:
                guard parameter.required else { continue }
            }
            switch parameter.place {
            case .query:
                // OpenAPI's default for a query is `form` exploded: an
                // array's items as the parameter repeated.
                let items = if case .array(let items) = value { items } else { [value] }
                self.query += items.map { (parameter.name, ParameterText.text($0)) }
            case .header where !RequestCheck.headersDescribedElsewhere.contains(parameter.name.lowercased()):
                self.headers.append(SpecProbe.HeaderPair(name: parameter.name, value: ParameterText.text(value)))
            case .cookie: self.cookies.append("\(parameter.name)=\(ParameterText.text(value))")
            case .path, .header, .querystring: break
            }
        }
    }
}
