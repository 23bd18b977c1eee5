public import OpenAPIKit
import SwitchboardJSON
public import SwitchboardModel

/// A request checked against its operation in the description (`--validate`):
/// every way it breaks it. In the order a server would refuse it: a missing
/// credential (401), then its parameters and body, a body of a media type
/// the operation does not take being a 415. Header parameters named
/// `Accept`, `Content-Type` or `Authorization` are not checked, as OpenAPI
/// says; bodies are checked against their schema when they are JSON, and
/// only for their media type otherwise.
public enum RequestCheck {
    /// `violations(of:against:in:)` with the components of `document`.
    public static func violations(
        of request: SpecRequest, against operation: SpecOperation, in document: SpecDocument
    ) -> [ContractViolation] {
        self.violations(of: request, against: operation, in: document.components)
    }

    public static func violations(
        of request: SpecRequest, against operation: SpecOperation, in components: OpenAPI.Components
    ) -> [ContractViolation] {
        var found: [ContractViolation] = []
        if let missing = Self.missingCredential(request, operation) { found.append(missing) }
        let references = SchemaReferences(components: components)
        for parameter in operation.parameters {
            let location = "\(parameter.place.rawValue).\(parameter.name)"
            let texts: [String]
            switch parameter.place {
            case .path: texts = request.pathValues[parameter.name].map { [$0] } ?? []
            case .query: texts = request.query.filter { $0.name == parameter.name }.map(\.value)
            case .header:
                if Self.headersDescribedElsewhere.contains(parameter.name.lowercased()) { continue }
                texts = request.header(parameter.name).map { [$0] } ?? []
            case .cookie: texts = request.cookie(parameter.name).map { [$0] } ?? []
            case .querystring: continue
            }
            guard !texts.isEmpty else {
                if parameter.required { found.append(ContractViolation(location: location, message: "missing")) }
                continue
            }
            guard let schema = parameter.schema else { continue }
            let value = ParameterValue.json(texts, schema: schema, references: references)
            found += SchemaCheck.violations(of: value, against: schema, in: components, at: location, for: .request)
        }
        if let body = operation.requestBody { found += Self.bodyViolations(request, body, components) }
        return found
    }

    /// Header parameters OpenAPI says to ignore (lower-case): the media
    /// types and security schemes describe them.
    static let headersDescribedElsewhere: Set<String> = ["accept", "content-type", "authorization"]

    private static func missingCredential(_ request: SpecRequest, _ operation: SpecOperation) -> ContractViolation? {
        guard !operation.security.isEmpty else { return nil }
        func present(_ credential: SpecCredential) -> Bool {
            switch credential {
            case .header(let name): return request.header(name).map { !$0.isEmpty } ?? false
            case .query(let name): return request.query.contains { $0.name == name && !$0.value.isEmpty }
            case .cookie(let name): return request.cookie(name) != nil
            case .authorization(let scheme):
                guard let value = request.header("Authorization") else { return false }
                return value.lowercased().hasPrefix(scheme.lowercased() + " ")
            }
        }
        if operation.security.contains(where: { $0.allSatisfy(present) }) { return nil }
        // Name what the first requirement lacks: what most clients send.
        let wanted = operation.security[0].first { !present($0) } ?? operation.security[0][0]
        let others = operation.security.count > 1 ? " (or another of the operation's security requirements)" : ""
        return ContractViolation(location: wanted.location, message: "missing: \(wanted)\(others)", kind: .unauthorized)
    }

    private static func bodyViolations(
        _ request: SpecRequest, _ body: SpecRequestBody, _ components: OpenAPI.Components
    ) -> [ContractViolation] {
        guard !request.body.isEmpty else {
            guard body.required else { return [] }
            return [ContractViolation(location: "body", message: "missing: the operation needs one")]
        }
        let sent = request.header("Content-Type")
        guard let media = SpecMedia.taking(sent, from: body.media) else {
            let taken = body.media.map(\.type).joined(separator: ", ")
            return [
                ContractViolation(
                    location: "header.Content-Type", message: "\(sent ?? "none") is not one of \(taken)",
                    kind: .unsupportedMediaType)
            ]
        }
        guard media.isJSON else { return [] }
        guard let value = JSONValue(bytes: request.body) else {
            return [ContractViolation(location: "body", message: "not JSON")]
        }
        guard let schema = media.schema else { return [] }
        return SchemaCheck.violations(of: value, against: schema, in: components, at: "body", for: .request)
    }
}
