/// Which OpenAPI a document says it is, from its top-level `openapi` (or
/// Swagger's `swagger`) field: the versions Switchboard reads, and one
/// sentence for any other.
public enum SpecVersion: Equatable, Sendable {
    /// OpenAPI 3.0.x: read with OpenAPIKit30 and converted to the 3.1 model.
    case v3_0
    /// OpenAPI 3.1.x (and 3.2.x, which OpenAPIKit's 3.1 model also reads).
    case v3_1

    /// The version the fields name, or the sentence saying why the document
    /// cannot be served.
    public static func of(openapi: String?, swagger: String?) -> Result<SpecVersion, SpecVersionProblem> {
        if let swagger {
            return .failure(
                SpecVersionProblem(
                    message:
                        "this is a Swagger \(swagger) document; Switchboard reads OpenAPI 3.0 and 3.1: convert it first (for example with swagger2openapi)"
                ))
        }
        guard let openapi else {
            return .failure(
                SpecVersionProblem(
                    message:
                        "no `openapi` field at the top: an OpenAPI 3.0 or 3.1 document starts with `openapi: 3.1.0`"
                ))
        }
        let parts = openapi.split(separator: ".")
        switch (parts.first, parts.dropFirst().first) {
        case ("3", "0"): return .success(.v3_0)
        case ("3", "1"), ("3", "2"): return .success(.v3_1)
        default:
            return .failure(
                SpecVersionProblem(
                    message:
                        "`openapi: \(openapi)` is a version Switchboard does not read; it reads OpenAPI 3.0 and 3.1"))
        }
    }
}

/// Why a document's version cannot be served, in one sentence.
public struct SpecVersionProblem: Error, Equatable, Sendable {
    public let message: String
}
