public import SwitchboardControl

/// What a resource answers one request with, before the server makes it
/// a response: a status, a JSON body (`nil`: none) and the `Location` of
/// a created item; or a refusal, which the server writes as it writes
/// every error body of its own (`ErrorBody`).
public struct ResourceAnswer: Sendable, Equatable {
    public var status: Int
    public var body: JSONValue?
    public var location: String?
    public var problem: Problem?

    /// Why a request was refused: a stable code and a sentence.
    public struct Problem: Sendable, Equatable {
        public var code: ProblemCode
        public var message: String
    }

    public init(status: Int, body: JSONValue? = nil, location: String? = nil) {
        self.status = status
        self.body = body
        self.location = location
    }

    static func problem(_ status: Int, _ code: ProblemCode, _ message: String) -> ResourceAnswer {
        var answer = ResourceAnswer(status: status)
        answer.problem = Problem(code: code, message: message)
        return answer
    }
}
