import Foundation
import OpenAPIKit
import SwitchboardJSON

/// Lists a decoded document's operations as plain values, looking up each
/// `$ref` to a path item, parameter, request body, response, media type or
/// example in `components` (schemas keep theirs: they may be recursive, and
/// whoever walks them bounds the walk).
enum SpecOperations {
    static func document(_ document: OpenAPI.Document, version: SpecVersion) throws(SpecProblem) -> SpecDocument {
        let components = document.components
        var operations: [SpecOperation] = []
        for (path, item) in document.paths {
            let pathItem = try Self.lookUp(item, in: components, what: "path `\(path.rawValue)`")
            let shared = try Self.parameters(pathItem.parameters, in: components, at: path.rawValue)
            for endpoint in pathItem.endpoints {
                let operation = endpoint.operation
                let place = "\(endpoint.method.rawValue) \(path.rawValue)"
                var parameters = shared
                for own in try Self.parameters(operation.parameters, in: components, at: place) {
                    parameters.removeAll { $0.name == own.name && $0.place == own.place }
                    parameters.append(own)
                }
                var requestBody: SpecRequestBody?
                if let body = operation.requestBody {
                    let request = try Self.lookUp(body, in: components, what: "the request body of \(place)")
                    requestBody = SpecRequestBody(
                        required: request.required,
                        media: try Self.media(request.content, in: components, at: place))
                }
                var responses: [SpecResponse] = []
                for (status, reference) in operation.responses {
                    let response = try Self.lookUp(
                        reference, in: components, what: "response \(status.rawValue) of \(place)")
                    responses.append(
                        SpecResponse(
                            status: Self.status(status), description: response.description,
                            media: try Self.media(response.content, in: components, at: place),
                            headers: try Self.headers(response.headers, in: components, at: place)))
                }
                operations.append(
                    SpecOperation(
                        operationID: operation.operationId, method: endpoint.method.rawValue.uppercased(),
                        path: path.rawValue.hasPrefix("/") ? path.rawValue : "/" + path.rawValue,
                        summary: operation.summary, parameters: parameters, requestBody: requestBody,
                        responses: responses,
                        security: Self.security(operation.security ?? document.security, in: components)))
            }
        }
        return SpecDocument(
            version: version, title: document.info.title, basePath: SpecBasePath.of(document.servers.first),
            operations: operations, components: components)
    }

    /// The credentials each requirement asks for. A scheme that cannot be
    /// found, or that a request cannot show (mutual TLS), asks for none.
    private static func security(
        _ requirements: [OpenAPI.SecurityRequirement], in components: OpenAPI.Components
    ) -> [[SpecCredential]] {
        requirements.map { requirement in
            requirement.keys.sorted { $0.absoluteString < $1.absoluteString }.compactMap { reference in
                guard let scheme = try? components.lookup(reference) else { return nil }
                switch scheme.type {
                case .apiKey(let name, let location):
                    switch location {
                    case .header: return .header(name)
                    case .query: return .query(name)
                    case .cookie: return .cookie(name)
                    }
                case .http(let scheme, _):
                    return .authorization(scheme: scheme.prefix(1).uppercased() + scheme.dropFirst().lowercased())
                case .oauth2, .openIdConnect: return .authorization(scheme: "Bearer")
                case .mutualTLS: return nil
                }
            }
        }
    }

    private static func status(_ code: OpenAPI.Response.StatusCode) -> SpecStatus {
        switch code.value {
        case .default: .default
        case .status(let code): .code(code)
        case .range(let range): .range(Int(range.rawValue.prefix(1)) ?? 5)
        }
    }

    private static func parameters(
        _ list: OpenAPI.Parameter.Array, in components: OpenAPI.Components, at place: String
    ) throws(SpecProblem) -> [SpecParameter] {
        var parameters: [SpecParameter] = []
        for reference in list {
            let parameter = try Self.lookUp(reference, in: components, what: "a parameter of \(place)")
            var schema: JSONSchema?
            var example: JSONValue?
            switch parameter.schemaOrContent {
            case .a(let context):
                schema = Self.schema(context.schema)
                example = Self.example(context.example, context.examples, in: components)
            case .b(let content):
                let media = content.first?.value.b
                schema = media?.schema
                example = media.flatMap { Self.example($0.example, $0.examples, in: components) }
            }
            parameters.append(
                SpecParameter(
                    name: parameter.name, place: Self.place(parameter.location), required: parameter.required,
                    schema: schema, example: example))
        }
        return parameters
    }

    private static func place(_ location: OpenAPI.Parameter.Context.Location) -> SpecParameter.Place {
        switch location {
        case .path: .path
        case .query: .query
        case .header: .header
        case .cookie: .cookie
        case .querystring: .querystring
        }
    }

    private static func schema(_ either: Either<OpenAPI.Reference<JSONSchema>, JSONSchema>) -> JSONSchema {
        switch either {
        case .a(let reference): .reference(reference.jsonReference)
        case .b(let schema): schema
        }
    }

    private static func media(
        _ content: OpenAPI.Content.Map, in components: OpenAPI.Components, at place: String
    ) throws(SpecProblem) -> [SpecMedia] {
        var media: [SpecMedia] = []
        for (type, reference) in content {
            let content = try Self.lookUp(reference, in: components, what: "`\(type.rawValue)` of \(place)")
            var examples: [(name: String, value: JSONValue)] = []
            for (name, example) in content.examples ?? [:] {
                guard let example = try? components.lookup(example),
                    let value = example.dataOrLegacyValue.flatMap(JSONValue.init(openAPI:))
                else { continue }
                examples.append((name, value))
            }
            media.append(
                SpecMedia(
                    type: type.rawValue, example: content.example.flatMap(JSONValue.init(openAPI:)), examples: examples,
                    schema: content.schema))
        }
        return media
    }

    private static func headers(
        _ map: OpenAPI.Header.Map?, in components: OpenAPI.Components, at place: String
    ) throws(SpecProblem) -> [SpecHeader] {
        var headers: [SpecHeader] = []
        for (name, reference) in map ?? [:] where name.lowercased() != "content-type" {
            let header = try Self.lookUp(reference, in: components, what: "header `\(name)` of \(place)")
            var found = SpecHeader(name: name, required: header.required)
            switch header.schemaOrContent {
            case .a(let context):
                found.schema = Self.schema(context.schema)
                found.example = Self.example(context.example, context.examples, in: components)
            case .b(let content):
                found.schema = content.first?.value.b?.schema
            }
            headers.append(found)
        }
        return headers
    }

    /// A parameter's or header's `example`, else its first `examples`
    /// entry that can be read (external ones left out).
    private static func example(
        _ example: AnyCodable?, _ examples: OpenAPI.Example.Map?, in components: OpenAPI.Components
    ) -> JSONValue? {
        example.flatMap(JSONValue.init(openAPI:))
            ?? examples?.lazy.compactMap { _, example in
                (try? components.lookup(example))?.dataOrLegacyValue.flatMap(JSONValue.init(openAPI:))
            }.first
    }

    private static func lookUp<Value: ComponentDictionaryLocatable>(
        _ either: Either<OpenAPI.Reference<Value>, Value>, in components: OpenAPI.Components, what: String
    ) throws(SpecProblem) -> Value {
        do {
            return try components.lookup(either)
        } catch {
            let target = either.a.map { " (`\($0.absoluteString)`)" } ?? ""
            throw SpecProblem(
                message: "the reference of \(what)\(target) cannot be resolved: \(error)",
                fix: "point it at an entry of `components` in the same file (other files are not read)")
        }
    }
}
