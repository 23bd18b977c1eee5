/// A network fault: what a broken server or network does to a request in
/// place of (or part way through) an answer. The one list of them: `Mode`
/// (`.fault`), a count rule's failure, a latency profile's network faults,
/// `Prefer: mode=` and the screen's keys all take their cases, names and
/// words from here, so a new kind is a case here, its wire plan
/// (`AnswerPlan` in SwitchboardServer) and the `URLError` it gives
/// in-process (`FaultErrors` in SwitchboardKit); every switch over it is
/// exhaustive, so the compiler lists whatever else must say something.
/// See `Sources/SwitchboardServer/Answers/README.md`.
public enum Fault: String, Sendable, Hashable, CaseIterable {
    /// The connection is reset (TCP RST) once the request has been read.
    case reset
    /// The request is read and never answered, until the client gives up.
    case hang
    /// The connection closes with no bytes written.
    case empty
    /// Random bytes that are not HTTP, then close.
    case garbage
    /// Status and headers promise more body than is sent, then close.
    case truncated

    /// The spelling in manifests, the control API, `Prefer`, the journal
    /// and on screen: `reset`.
    public var name: String { self.rawValue }

    /// Whether a status line and headers go out before the fault (the
    /// success answer, cut short), rather than no answer at all.
    public var sendsStatusLine: Bool {
        switch self {
        case .truncated: true
        case .reset, .hang, .empty, .garbage: false
        }
    }

    /// What happened to the connection, for the screen's request details:
    /// "the connection was reset (TCP RST)".
    public var connectionWords: String {
        switch self {
        case .reset: "reset (TCP RST)"
        case .hang: "held open without an answer until the client gave up"
        case .empty: "closed without a byte"
        case .garbage: "sent random bytes, then closed"
        case .truncated: "closed"
        }
    }
}
