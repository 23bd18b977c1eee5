/// How the connection ends once an answer has gone out whole: the one rule
/// for a fixture's answer and a relayed one, where `slow_close` becomes the
/// answer's end. (An answer cut short, by `truncated` or `limit_data`, is
/// closed under its body at once instead: `AnswerPlan.Cut`, `DataLimit`.)
enum AnswerClose: Equatable {
    /// The connection goes on to the next request.
    case keepAlive
    /// Closed once the end is out: the request asked for it.
    case close
    /// `slow_close`: the end goes out now, the close this much later.
    case closeLate(Duration)
    /// The answer came before the upload ended: closing now would reset
    /// the connection under it, so our side is shut, the rest of the body
    /// read and dropped, and the close waits for the client's (see
    /// `RequestHandler.lingerThenClose`).
    case linger

    /// The end of an answer to a request that asked to keep the
    /// connection (`keepAlive`) or not, with the `slow_close` toxic's
    /// delay if it acts on the answer; `bodyUnread`: the client is still
    /// uploading.
    init(keepAlive: Bool, slowClose: Duration?, bodyUnread: Bool = false) {
        if bodyUnread {
            self = .linger
        } else if let slowClose {
            self = .closeLate(slowClose)
        } else {
            self = keepAlive ? .keepAlive : .close
        }
    }

    /// Whether the connection goes on: else the answer's head says
    /// `Connection: close`.
    var keepsConnection: Bool { self == .keepAlive }
}
