/// An answer decided before it is run, held by reference and never changed:
/// the connection's states carry it from event to event, and a state is
/// copied at each one, so the answer (large: headers, body, plan, decision)
/// rides along as one pointer rather than as its bytes.
final class DecidedAnswer {
    let answer: PreparedResponse

    init(_ answer: PreparedResponse) {
        self.answer = answer
    }
}
