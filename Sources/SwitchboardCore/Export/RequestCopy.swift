/// A journaled request as it can be sent again: by `curl` (`x` on the
/// screen) or by the server to itself (`p`). Headers are the ones the
/// client sent, minus those that describe one connection rather than the
/// request, which whoever sends it again sets itself.
public struct RequestCopy: Sendable, Equatable {
    public var sequence: Int
    public var method: String
    /// Path and query, exactly as sent.
    public var target: String
    public var headers: [HeaderField]
    public var body: [UInt8]

    /// Why a request cannot be sent again, in the screen's words.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The journal no longer holds its headers and body.
        case detailsDropped(Int)
        /// Its body was larger than the journal keeps.
        case bodyCut(Int, size: Int)
        /// It was refused before its headers were read.
        case rejected(Int)

        public var description: String {
            switch self {
            case .detailsDropped(let sequence):
                "request #\(sequence)'s headers and body are no longer kept (journal memory budget)"
            case .bodyCut(let sequence, let size):
                "request #\(sequence)'s body (\(size) bytes) was larger than the journal keeps"
            case .rejected(let sequence):
                "request #\(sequence) was refused before its headers were read"
            }
        }
    }

    /// Headers that belong to one connection or to the body's framing:
    /// curl and the replay set their own.
    public static let connectionHeaders: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade",
        "content-length", "expect", "host",
    ]

    /// Marks a replay's request so its log line can say what it replays.
    public static let replayHeader = "X-Switchboard-Replay"

    public init(sequence: Int, method: String, target: String, headers: [HeaderField], body: [UInt8]) {
        self.sequence = sequence
        self.method = method
        self.target = target
        self.headers = headers.filter {
            !Self.connectionHeaders.contains($0.name.lowercased())
                && $0.name.lowercased() != Self.replayHeader.lowercased()
        }
        self.body = body
    }

    public init(_ entry: JournalEntry) throws(Refusal) {
        if entry.rejection != nil, entry.details?.requestHeaders.isEmpty != false {
            throw .rejected(entry.sequence)
        }
        guard let details = entry.details else { throw .detailsDropped(entry.sequence) }
        guard details.requestBody.count >= details.requestBodySize else {
            throw .bodyCut(entry.sequence, size: details.requestBodySize)
        }
        self.init(
            sequence: entry.sequence, method: entry.method, target: entry.target, headers: details.requestHeaders,
            body: details.requestBody)
    }

    /// The request as bytes on the wire to `host`, on a connection of its
    /// own that closes after the answer, marked as a replay.
    public func wireBytes(host: String) -> [UInt8] {
        var head = "\(self.method) \(self.target) HTTP/1.1\r\nHost: \(host)\r\n"
        for header in self.headers { head += "\(header.name): \(header.value)\r\n" }
        head += "\(Self.replayHeader): \(self.sequence)\r\n"
        if !self.body.isEmpty || !["GET", "HEAD", "DELETE", "OPTIONS"].contains(self.method) {
            head += "Content-Length: \(self.body.count)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8) + self.body
    }
}
