public import SwitchboardControl
public import SwitchboardJSON

/// What a resource answers one request with, before the server makes it
/// a response: a status, a JSON body (`nil`: none) and the `Location` of
/// a created item; or a refusal, which the server writes as it writes
/// every error body of its own (`ErrorBody`).
public struct ResourceAnswer: Sendable, Equatable {
    public var status: Int
    public var body: Body?
    public var location: String?
    public var problem: Problem?

    /// Why a request was refused: a stable code and a sentence.
    public struct Problem: Sendable, Equatable {
        public var code: ProblemCode
        public var message: String
    }

    /// The JSON an answer sends, as the items' own text: one item, or the
    /// list of them, written one after another (never built as one tree and
    /// serialized at once, which cost some five times the items' bytes).
    public enum Body: Sendable, Equatable {
        case item([UInt8])
        case list([[UInt8]])

        /// Its length in bytes.
        public var count: Int {
            switch self {
            case .item(let bytes): bytes.count
            case .list(let items): items.reduce(2 + max(0, items.count - 1)) { $0 + $1.count }
            }
        }

        /// Hands its bytes to `write` in order: `[`, the items with `,`
        /// between, `]` for a list.
        public func write(_ write: (ArraySlice<UInt8>) -> Void) {
            switch self {
            case .item(let bytes):
                write(bytes[...])
            case .list(let items):
                write(Self.punctuation[0...0])
                for (index, item) in items.enumerated() {
                    if index > 0 { write(Self.punctuation[1...1]) }
                    write(item[...])
                }
                write(Self.punctuation[2...2])
            }
        }

        private static let punctuation: [UInt8] = Array("[,]".utf8)

        /// The whole text at once (the control API's string, tests).
        public var bytes: [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(self.count)
            self.write { bytes.append(contentsOf: $0) }
            return bytes
        }

        /// The JSON read back as a value.
        public var json: JSONValue? { JSONValue(bytes: self.bytes) }
    }

    public init(status: Int, body: Body? = nil, location: String? = nil) {
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
