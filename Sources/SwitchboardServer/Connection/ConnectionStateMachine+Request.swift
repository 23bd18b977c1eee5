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
        /// is in (by reference: a request is copied with each state).
        var decided: DecidedAnswer?
        /// The body, kept up to a limit; `bodySize` counts all of it.
        var body: ByteBuffer?
        var bodySize = 0

        /// A `HEAD`, whose answer has no body. (A pattern match: `==` on
        /// `HTTPMethod` compares raw value strings.)
        var isHead: Bool {
            if case .HEAD = self.head.method { true } else { false }
        }
    }

    /// The largest control API body accepted.
    static let controlBodyLimit = 1 << 20
}
