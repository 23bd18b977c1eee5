public import SwitchboardJSON

/// A request's body as body requirements (and templates) read it: read as
/// JSON or as a form at most once, and only when something asks. Routing
/// takes it `inout`, so what one endpoint's requirement parsed the next
/// one's reads again for free.
///
/// A body that has not arrived yet (an answer decided as the head arrives,
/// `RequestHandler.decideAtHead`) is `pending`: routing then stops at the
/// first endpoint a body requirement decides, and says so
/// (`decidesRoute`, `EndpointTable.needsBody`).
public struct RequestBody: Sendable {
    /// `nil` while pending. At most what the journal keeps of a body
    /// (`capturedBodyLimit`): a longer body meets no body requirement.
    public let bytes: [UInt8]?
    /// Routing met an endpoint only the body can decide while it was pending.
    public internal(set) var decidesRoute = false
    private var parsedJSON: JSONValue??
    private var parsedForm: [(name: String, value: String)]?

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private init(pending: ()) {
        self.bytes = nil
    }

    /// The body has not arrived yet.
    public static let pending = RequestBody(pending: ())
    /// No body at all (or one routing does not need): nothing to set up.
    public init() {
        self.bytes = []
    }

    public var isPending: Bool { self.bytes == nil }

    /// The body as JSON, parsed on first use; `nil` when it is not JSON.
    public mutating func json() -> JSONValue? {
        if let parsed = self.parsedJSON { return parsed }
        let parsed = self.bytes.flatMap { JSONValue(bytes: $0) }
        self.parsedJSON = .some(parsed)
        return parsed
    }

    /// The first value of form field `name` (`application/x-www-form-urlencoded`,
    /// decoded as a query string is), read on first use.
    public mutating func formValue(_ name: String) -> String? {
        if self.parsedForm == nil {
            let text = String(decoding: self.bytes ?? [], as: UTF8.self)
            self.parsedForm = RequestTarget.items(Substring(text))
        }
        return self.parsedForm?.first { $0.name == name }?.value
    }
}
