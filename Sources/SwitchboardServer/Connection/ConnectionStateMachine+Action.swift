import NIOCore
import NIOHTTP1
import SwitchboardCore

/// What the handler does after an event: the one answer every event of the
/// connection gets (`RequestHandler.run(_:context:)` performs it). The
/// exchange with the upstream is a machine nested in the connection's
/// states, and its actions come back nested in this one (`.upstream`), as
/// async-http-client's `HTTP1ConnectionStateMachine` nests its request's.
/// A stream or an upgrade will be one more nested machine: a state of the
/// connection holding it, a case here carrying its action, and a
/// transition table of its own.
extension ConnectionStateMachine {
    enum Action {
        /// Nothing to do now: the state moved (or a part is held, or the
        /// connection is closing and the event is dropped).
        case none
        /// The event cannot happen in the state: a bug (see
        /// `RequestHandler.unexpected`).
        case unexpected(String)

        // A request arriving.
        /// The head is in; its body (or its end) is read next.
        case readBody
        /// The head is in, and its client asked first (`Expect:
        /// 100-continue`): tell it to send its body, in its HTTP version.
        case sendContinue(HTTPVersion)
        /// The head is in and breaks a rule (400), or announces a body too
        /// large (413): refuse it, and close.
        case refuseHead(Request, Refusal)
        /// Refuse what arrived of a request (a body too large, a parser's
        /// error), and close.
        case refuse(Request?, Refusal)
        /// The head did not finish in time: 408 as bytes, and close.
        case refuseSlowHead
        /// The body stopped arriving: 408 with what came of it, and close.
        case refuseStalledBody(Request)
        /// Send the request to the upstream now, its body to follow as it
        /// arrives (after a `100 Continue` if the client asked for one).
        case stream(Request, PreparedResponse, sendContinue: Bool)
        /// The request is all in: answer it.
        case answer(Request)
        /// A control API request is all in: answer it.
        case answerControl(Request)

        // The exchange with the upstream (its own machine's actions).
        /// Send the request, all in, to the upstream (after its delay,
        /// if it had one).
        case relay(Request, PreparedResponse)
        /// What the exchange does with the event.
        case upstream(UpstreamStateMachine.Action)
        /// The upload is complete, so the request is all in: what the
        /// exchange does (end the upstream request's body).
        case uploadEnded(UpstreamStateMachine.Action)
        /// The upload cannot go on (its body unreadable, or stopped
        /// arriving): the exchange's end, then close.
        case abortUpload(UpstreamStateMachine.Action)

        // An answer under way, or over.
        /// The answer is out: hand out what was held, then read on.
        case drainHeld
        /// The server is stopping: journal what was held as refused
        /// (`Refusal.stoppedHeld`), and close if `thenClose`.
        case refuseHeld(thenClose: Bool)
        /// Idle too long: close, unless the last answer is still leaving.
        case closeIfSent
        case close
        /// Shut our side, read and drop what the client still sends, then
        /// close (see `RequestHandler.lingerThenClose`).
        case lingerThenClose
        /// The server is stopping while the answer waits: send the rest
        /// now (all of a body), then close.
        case finishNow(Request, PreparedResponse, Resume)
        /// A hang is over (the server stopped, or its client gave up):
        /// journal it with no status line, and close.
        case endHang(Request, PreparedResponse)
        /// The server stopped while the request arrived: journal it as
        /// refused (503), and close.
        case refuseArriving(Request)
        /// The client left while its answer was held back (by a timer, or
        /// while its body was made off the loop): journal a client that left.
        case clientLeft(Request, PreparedResponse)
        /// The client left before sending all of its request.
        case leftMidRequest(Request)
    }
}

extension ConnectionStateMachine.Action {
    /// The exchange is over after it: nothing more of the upstream's
    /// answer may reach the connection (see `UpstreamStateMachine.Action.endsExchange`).
    var endsExchange: Bool {
        switch self {
        case .upstream(let action), .uploadEnded(let action), .abortUpload(let action): action.endsExchange
        default: false
        }
    }
}
