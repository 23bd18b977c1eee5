import NIOCore
import NIOHTTP1

extension ConnectionStateMachine {
    /// One request as the connection knows it: its head, when it came,
    /// and what arrived of its body.
    struct Request {
        let head: HTTPRequestHead
        let arrived: NIODeadline
        let wallTime: Double
        /// Addressed to the control API, not the fake one.
        let isControl: Bool
        /// Worked out once: each is a scan of the headers. Turned off when
        /// an upload is answered before its body is all read.
        var keepAlive: Bool
        /// Sent by a web page that needs CORS headers on the answer.
        let fromPage: Bool
        /// The whole body is kept, not just what the journal shows: the
        /// request goes to an upstream after a delay (one with no delay
        /// streams its body instead).
        var keepsWholeBody = false
        /// Its answer, when decided as its head arrived, for once its body
        /// is in.
        var decided: PreparedResponse? {
            get {
                guard case .decided(let response) = self.decidedAnswer else { return nil }
                return response
            }
            set { self.decidedAnswer = newValue.map { .decided($0) } ?? .undecided }
        }
        /// `decided`, boxed: a request is copied as it moves from state to
        /// state, and a response held inline would make each copy some
        /// 700 bytes longer, for the few requests decided at their head.
        var decidedAnswer = DecidedAnswer.undecided
        /// The body, kept up to a limit; `bodySize` counts all of it.
        var body: ByteBuffer?
        var bodySize = 0
    }

    /// A request's answer decided as its head arrived, if it was.
    enum DecidedAnswer {
        case undecided
        indirect case decided(PreparedResponse)
    }

    /// The largest control API body accepted.
    static let controlBodyLimit = 1 << 20
}
