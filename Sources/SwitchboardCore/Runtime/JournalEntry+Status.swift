extension JournalEntry {
    /// What reached the client of a request: a status line, none at all,
    /// or nothing complete because the client went away first.
    public enum Status: Sendable, Hashable {
        /// A status line with this code went out.
        case answered(Int)
        /// A fault sent no status line (reset, hang, empty, garbage).
        case noStatusLine
        /// The client left before the request or its response was
        /// complete.
        case clientLeft

        /// The number logs and exports write: the code sent, 0 for no
        /// status line (HAR's "no response"), and nginx's 499 (client closed
        /// request) for a client that left.
        public var code: Int {
            switch self {
            case .answered(let code): code
            case .noStatusLine: 0
            case .clientLeft: 499
            }
        }

        /// The status the JSON formats write (the `serve` journal line, the
        /// control API): the code, or `nil` when no status line went out.
        public var wireStatus: Int? {
            self == .noStatusLine ? nil : self.code
        }
    }
}
