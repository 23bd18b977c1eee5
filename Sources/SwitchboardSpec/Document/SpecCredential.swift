/// A credential an operation's security scheme asks for, where a request
/// carries it. OAuth 2 and OpenID Connect tokens travel as bearer tokens;
/// mutual TLS is the connection's, which a fake server cannot see (none).
public enum SpecCredential: Sendable, Hashable, CustomStringConvertible {
    /// An API key in a header.
    case header(String)
    /// An API key in the query.
    case query(String)
    /// An API key in a cookie.
    case cookie(String)
    /// `Authorization: Bearer …` (or another HTTP scheme's word).
    case authorization(scheme: String)

    /// Where the check says it was missing: `header.X-Api-Key`.
    public var location: String {
        switch self {
        case .header(let name): "header.\(name)"
        case .query(let name): "query.\(name)"
        case .cookie(let name): "cookie.\(name)"
        case .authorization: "header.Authorization"
        }
    }

    public var description: String {
        switch self {
        case .header(let name): "an API key in header \(name)"
        case .query(let name): "an API key in query parameter \(name)"
        case .cookie(let name): "an API key in cookie \(name)"
        case .authorization(let scheme): "Authorization: \(scheme) …"
        }
    }
}
