/// A request an endpoint's contract takes and answers with its success
/// (`EndpointContract.exampleRequest()`): the parts the endpoint view and
/// the empty log fill their suggested request with (`ExampleRequest`).
public struct RequestExample: Sendable {
    /// Each path parameter's text, by the pattern's name.
    public var pathValues: [String: String]
    public var query: [(name: String, value: String)]
    /// Headers, a `Cookie` and the body's `Content-Type` among them.
    public var headers: [(name: String, value: String)]
    /// The body's text, for a contract that requires one.
    public var body: String?

    public init(
        pathValues: [String: String] = [:], query: [(name: String, value: String)] = [],
        headers: [(name: String, value: String)] = [], body: String? = nil
    ) {
        self.pathValues = pathValues
        self.query = query
        self.headers = headers
        self.body = body
    }
}
