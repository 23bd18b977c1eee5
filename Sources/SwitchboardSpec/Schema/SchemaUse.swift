import OpenAPIKit

/// Which way a value travels, for the two keywords that depend on it: a
/// `readOnly` property is the server's to send (a request need not have it,
/// though it is required), a `writeOnly` one the client's (an answer never
/// has it: a password).
public enum SchemaUse: Sendable {
    case request, response

    /// Whether `property` (looked up through its reference) has no place in
    /// a value travelling this way.
    func excludes(_ property: JSONSchema, _ references: SchemaReferences) -> Bool {
        let resolved = references.resolved(property) ?? property
        switch self {
        case .request: return property.readOnly || resolved.readOnly
        case .response: return property.writeOnly || resolved.writeOnly
        }
    }
}
