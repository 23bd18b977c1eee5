/// A network fault: what a broken server or network does to a request in
/// place of (or part way through) an answer.
///
/// The one list of them. `Mode.fault`, a count rule's failure
/// (`CountRule.Failure.fault`), a latency profile's network faults
/// (`NetworkFaults.fault(for:)`), `Prefer: mode=`, the manifest, the
/// control API and the screen's keys all take their cases, names and words
/// from here: `Mode.names`, `Mode(name:)`, `CountRule.Failure.allCases` and
/// `ModeKeys.cycle` derive from `allCases`, and every switch over a mode
/// or a fault is exhaustive.
///
/// Where a fault kind lives, and so what adding one touches:
/// - its case, name and words: here (the name is the raw value; the words
///   are `connectionWords`, and `sendsStatusLine` says whether the success
///   response goes out first, cut short);
/// - its plan, what goes on the wire: `AnswerPlan.fault(_:rate:relay:noise:)`
///   in SwitchboardServer, which the socket's handler and the in-process
///   answer both run (a new kind of wire behaviour is a new `AnswerPlan`
///   case, and the compiler then lists the two runners' switches);
/// - the `URLError` it gives a `URLSession` in process, as measured over a
///   socket: `FaultErrors.code(for:)` in SwitchboardKit.
///
/// `url_error:NAME` (and `offline`, its most common code) is the one fault
/// that means something only in process: a `URLError` no socket can
/// produce (`cannotFindHost`, `secureConnectionFailed`); over a socket it
/// is its nearest wire fault, `URLErrorCode.onSocket`.
///
/// The compiler asks for each of these. `FaultPlanParityTests` then runs
/// the new kind through both front ends, comparing bytes and journal, and
/// `FaultTests` checks that its name parses everywhere. A new kind joins
/// the space bar's cycle after `sequence`, with no digit key (the ten are
/// bound); tests that pin user-visible lists of modes (the space bar's
/// walk, the "modes: …" messages of the broken-manifest corpus) list it too.
public enum Fault: Sendable, Hashable, CaseIterable {
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
    /// In process, the task fails at once with this `URLError` code; over
    /// a socket, `code.onSocket` happens instead.
    case urlError(URLErrorCode)

    /// The device has no network: `URLError.notConnectedToInternet` in
    /// process, a reset over a socket.
    public static let offline = Fault.urlError(.notConnectedToInternet)

    /// The faults with a name of their own, in the space bar's order;
    /// `url_error:NAME` names any other `URLError` code.
    public static let allCases: [Fault] = [.reset, .hang, .empty, .garbage, .truncated, .offline]

    /// The spelling in manifests, the control API, `Prefer`, the journal
    /// and on screen: `reset`, `offline`, `url_error:cannotFindHost`.
    public var name: String {
        switch self {
        case .reset: "reset"
        case .hang: "hang"
        case .empty: "empty"
        case .garbage: "garbage"
        case .truncated: "truncated"
        case .urlError(let code): code == .notConnectedToInternet ? "offline" : Self.urlErrorPrefix + code.name
        }
    }

    static let urlErrorPrefix = "url_error:"

    /// `reset`, `offline`, `url_error:cannotFindHost` or `url_error:-1003`,
    /// in any case.
    public init?(name: String) {
        let lowered = name.lowercased()
        if lowered.hasPrefix(Self.urlErrorPrefix) {
            guard let code = URLErrorCode(name: String(lowered.dropFirst(Self.urlErrorPrefix.count))) else {
                return nil
            }
            self = .urlError(code)
        } else if let fault = Self.allCases.first(where: { $0.name == lowered }) {
            self = fault
        } else {
            return nil
        }
    }

    /// What goes on a socket's wire for this fault: itself, or for a
    /// `URLError` code its nearest wire fault.
    public var onSocket: Fault {
        if case .urlError(let code) = self { code.onSocket } else { self }
    }

    /// Whether a status line and headers go out before the fault (the
    /// success answer, cut short), rather than no answer at all.
    public var sendsStatusLine: Bool {
        switch self {
        case .truncated: true
        case .reset, .hang, .empty, .garbage, .urlError: false
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
        case .urlError(let code):
            "\(code.onSocket.connectionWords) (in process: URLError \(code.name), which a socket cannot send)"
        }
    }
}
