/// One upstream answer to be kept as an endpoint's fixture, or a request
/// that had none and becomes a stub.
public struct RecordedExchange: Sendable {
    /// Upper-case HTTP method.
    public var method: String
    /// The grouped path (`/episodes/:id`), see `PathGrouping`.
    public var pattern: PathPattern
    /// The id a new entry gets (`PathGrouping.endpointID`); numbered when
    /// the manifest already uses it for another endpoint.
    public var suggestedID: String
    /// The manifest endpoint the request matched, when there is one: its
    /// response is replaced instead of adding an entry.
    public var existingID: String?
    /// The request's parameter values as that endpoint matched them
    /// (`episode` = `3`): a response that names a file per request
    /// (`episodes/{episode}.json`) is recorded into this request's file.
    public var parameters: [String: String]
    public var answer: Answer

    public enum Answer: Sendable {
        /// What the upstream said, headers in the order received.
        case live(status: Int, headers: [HeaderField], body: [UInt8])
        /// No upstream answer: an entry for the user to fill in.
        case stub
    }

    public init(
        method: String, pattern: PathPattern, suggestedID: String, existingID: String?,
        parameters: [String: String] = [:], answer: Answer
    ) {
        self.method = method.uppercased()
        self.pattern = pattern
        self.suggestedID = suggestedID
        self.existingID = existingID
        self.parameters = parameters
        self.answer = answer
    }

    /// The response a status is recorded as: 2xx/3xx (and 1xx) the
    /// endpoint's `success`, 4xx its `error`, 5xx its `server_error`.
    public static func kind(forStatus status: Int) -> ResponseKind {
        switch status {
        case 500...: .serverError
        case 400..<500: .error
        default: .success
        }
    }
}
