/// Collects the endpoints of ``Switchboard/start(port:endpoints:scenarios:)`` and of
/// the `.switchboard { … }` trait, with `if`, `for` and `if #available`.
@resultBuilder
public enum EndpointsBuilder {
    /// Endpoints listed one after another.
    public static func buildBlock(_ parts: [Endpoint]...) -> [Endpoint] { parts.flatMap { $0 } }
    /// One endpoint.
    public static func buildExpression(_ endpoint: Endpoint) -> [Endpoint] { [endpoint] }
    /// A resource: its six endpoints, `todos.list` … `todos.delete`.
    public static func buildExpression(_ resource: Resource) -> [Endpoint] { [Endpoint(resource)] }
    /// A list of endpoints, made elsewhere.
    public static func buildExpression(_ endpoints: [Endpoint]) -> [Endpoint] { endpoints }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [Endpoint]?) -> [Endpoint] { part ?? [] }
    /// The `if` branch of an `if`/`else`.
    public static func buildEither(first part: [Endpoint]) -> [Endpoint] { part }
    /// The `else` branch of an `if`/`else`.
    public static func buildEither(second part: [Endpoint]) -> [Endpoint] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[Endpoint]]) -> [Endpoint] { parts.flatMap { $0 } }
    /// An `if #available`.
    public static func buildLimitedAvailability(_ part: [Endpoint]) -> [Endpoint] { part }
}
