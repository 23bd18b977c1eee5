public import SwitchboardControl

/// What a resource answers one request with, before the server makes it
/// a response: a status, a JSON body (`nil`: none) and the `Location` of
/// a created item.
public struct ResourceAnswer: Sendable, Equatable {
    public var status: Int
    public var body: JSONValue?
    public var location: String?

    public init(status: Int, body: JSONValue? = nil, location: String? = nil) {
        self.status = status
        self.body = body
        self.location = location
    }

    /// A refusal in the problem shape the server's own errors use:
    /// `{"error": "no_such_item", "message": "…"}`.
    static func problem(_ status: Int, _ code: ProblemCode, _ message: String) -> ResourceAnswer {
        ResourceAnswer(status: status, body: .object(["error": .string(code.rawValue), "message": .string(message)]))
    }
}
