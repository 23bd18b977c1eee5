/// One way a JSON value breaks its schema: where (`body.items[0].price`)
/// and what was expected, in a few words (`expected number`,
/// `must be ≤ 100`, `missing required property name`).
public struct SchemaViolation: Sendable, Equatable, CustomStringConvertible {
    public var location: String
    public var message: String

    public init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    /// `location: message`, as a problem or a log line shows it.
    public var description: String {
        self.location.isEmpty ? self.message : "\(self.location): \(self.message)"
    }
}
