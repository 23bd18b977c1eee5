public import OpenAPIKit
import SwitchboardJSON
public import SwitchboardModel

/// An answer checked against its operation in the description: how a real
/// API's answer drifts from what was agreed (`live` endpoints made from a
/// description, `switchboard check SPEC --against URL`). A status the
/// operation does not document (nor its range, nor `default`); a
/// `Content-Type` its response does not document; a JSON body that breaks
/// the response's schema; a required header missing, or one that breaks
/// its schema.
public enum ResponseCheck {
    /// `body` is `nil` when it was not kept whole (too large, or the answer
    /// to a `HEAD`): only the status and headers are checked then.
    public static func violations(
        status: Int, header: (String) -> String?, body: [UInt8]?, against operation: SpecOperation,
        in components: OpenAPI.Components
    ) -> [ContractViolation] {
        let responses = operation.responses
        guard
            let response = responses.first(where: { $0.status == .code(status) })
                ?? responses.first(where: { $0.status == .range(status / 100) })
                ?? responses.first(where: { $0.status == .default })
        else {
            let documented = responses.map(\.status.description).joined(separator: ", ")
            return [
                ContractViolation(
                    location: "status", message: "\(status) is not documented; it documents \(documented)")
            ]
        }
        let references = SchemaReferences(components: components)
        var found: [ContractViolation] = []
        for documented in response.headers {
            let location = "header.\(documented.name)"
            guard let value = header(documented.name) else {
                if documented.required { found.append(ContractViolation(location: location, message: "missing")) }
                continue
            }
            guard let schema = documented.schema else { continue }
            let json = ParameterValue.json([value], schema: schema, references: references)
            found += SchemaCheck.violations(of: json, against: schema, in: components, at: location, for: .response)
        }
        guard let body else { return found }
        return found + Self.bodyViolations(body, header("Content-Type"), response, components)
    }

    private static func bodyViolations(
        _ body: [UInt8], _ type: String?, _ response: SpecResponse, _ components: OpenAPI.Components
    ) -> [ContractViolation] {
        guard !response.media.isEmpty else {
            guard !body.isEmpty else { return [] }
            return [
                ContractViolation(location: "body", message: "not documented: the \(response.status) response has none")
            ]
        }
        guard !body.isEmpty else {
            let documented = response.media.map(\.type).joined(separator: ", ")
            return [
                ContractViolation(
                    location: "body", message: "missing: the \(response.status) response has \(documented)")
            ]
        }
        guard let media = SpecMedia.taking(type, from: response.media) else {
            let documented = response.media.map(\.type).joined(separator: ", ")
            return [
                ContractViolation(
                    location: "header.Content-Type", message: "\(type ?? "none") is not one of \(documented)")
            ]
        }
        guard media.isJSON, let schema = media.schema else { return [] }
        guard let value = JSONValue(bytes: body) else {
            return [ContractViolation(location: "body", message: "not JSON")]
        }
        return SchemaCheck.violations(of: value, against: schema, in: components, at: "body", for: .response)
    }
}
