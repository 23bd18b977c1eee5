extension ConnectionStateMachine {
    /// What a wait was for, so that shutting down can finish it at once.
    enum Resume {
        case respond
        /// The body from this byte on is still to be sent, then its end.
        case trickle(from: Int, end: AnswerScript.End)
    }
}
