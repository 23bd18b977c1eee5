/// One way a request breaks the OpenAPI description its endpoint comes
/// from (or a real API's answer breaks it): where, and what was expected.
/// The 422's problem body, the log's `INVALID` line, the details view, the
/// journal's line, HAR and the libraries' verification all show these.
public struct ContractViolation: Hashable, Sendable, CustomStringConvertible {
    /// What the answer to a request with the violation says.
    public enum Kind: Hashable, Sendable {
        /// A parameter or the body is not what the description says: 422.
        case invalid
        /// A body of a media type the operation does not take: 415.
        case unsupportedMediaType
        /// No credential for the operation's security scheme: 401.
        case unauthorized
        /// Not a violation: the value was not checked, its check taking
        /// more steps than one may (`not checked: …`). Said where the
        /// violations are, and never refused for: the request is answered
        /// as if it kept to the description.
        case unchecked
    }

    /// `body.items[0].price`, `query.limit`, `header.X-Api-Key`, `body`.
    public var location: String
    /// `expected number`, `must be ≤ 100`, `missing required property name`.
    public var message: String
    public var kind: Kind

    public init(location: String, message: String, kind: Kind = .invalid) {
        self.location = location
        self.message = message
        self.kind = kind
    }

    /// `body.items[0].price: expected number` (the message alone for the
    /// value as a whole, which has no location).
    public var description: String { self.location.isEmpty ? self.message : "\(self.location): \(self.message)" }

    /// Whether a request with it is refused (all but `unchecked`).
    public var refuses: Bool { self.kind != .unchecked }

    /// The status a request with `violations` is answered with: a missing
    /// credential before a media type nobody takes, before the rest (what
    /// a server checks first, and Prism's order).
    public static func status(of violations: [ContractViolation]) -> Int {
        if violations.contains(where: { $0.kind == .unauthorized }) { return 401 }
        if violations.contains(where: { $0.kind == .unsupportedMediaType }) { return 415 }
        return 422
    }
}
