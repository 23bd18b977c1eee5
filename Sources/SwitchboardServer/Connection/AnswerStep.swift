import NIOCore

/// A step of an answer under way, as its `AnswerWriter` reports it: the
/// handler hands it to the connection's machine
/// (`ConnectionStateMachine.answerStepped`) and runs the action it gets
/// back. The writer runs the script; it decides nothing about the
/// connection. Steps that may be refused (`unexpected`) carry the request
/// and its answer, so that what went out of it can still be journaled.
enum AnswerStep {
    /// Its body is being made off the loop (`LaterBody`).
    case bodyMaking(ConnectionStateMachine.Request, PreparedResponse)
    /// The body made off the loop is ready; `channelOpen`: its client is
    /// still there.
    case bodyMade(ConnectionStateMachine.Request, PreparedResponse, channelOpen: Bool)
    /// A timer holds it back (its delay, its body's next piece).
    case waiting(ConnectionStateMachine.Request, PreparedResponse, until: ConnectionStateMachine.Resume)
    /// The timer fired: it goes on.
    case waitOver(ConnectionStateMachine.Request, PreparedResponse)
    /// It is held unanswered until the client gives up (`hang`).
    case hanging(ConnectionStateMachine.Request, PreparedResponse)
    /// It goes to its upstream (`relay`).
    case relayed(ConnectionStateMachine.Request, PreparedResponse)
    /// It ends the connection: its last bytes are on their way.
    case closing
    /// Its end is out (at the deadline) and the connection is kept.
    case finished(at: NIODeadline)
    /// Its end is out on a connection that does not go on.
    case closed

    /// The request and its answer, for a step that carries them.
    var answer: (ConnectionStateMachine.Request, PreparedResponse)? {
        switch self {
        case .bodyMaking(let request, let response), .bodyMade(let request, let response, _),
            .waiting(let request, let response, _), .waitOver(let request, let response),
            .hanging(let request, let response), .relayed(let request, let response):
            (request, response)
        case .closing, .finished, .closed: nil
        }
    }
}
