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
        /// What its headers say that the connection asks about, read once.
        let headers: HeaderFacts
        /// A `HEAD`, whose answer has no body; a `GET` (one an answer
        /// remembered by target may answer, `AnswerMemo`). Read once from
        /// the head's method: NIO's getter is a call, some 21 instructions,
        /// and `==` on `HTTPMethod` compares raw value strings.
        let isHead: Bool
        let isGet: Bool
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

        /// `headers`: what `head`'s headers say, when the caller has read
        /// them already (the handler does, for `fromPage`); `method`: the
        /// head's, when the caller has read it already.
        init(
            head: HTTPRequestHead, arrived: NIODeadline, wallTime: Double, isControl: Bool, keepAlive: Bool,
            fromPage: Bool, headers: HeaderFacts? = nil, method: HTTPMethod? = nil, bodySize: Int = 0
        ) {
            switch method ?? head.method {
            case .HEAD: (self.isHead, self.isGet) = (true, false)
            case .GET: (self.isHead, self.isGet) = (false, true)
            default: (self.isHead, self.isGet) = (false, false)
            }
            self.head = head
            self.arrived = arrived
            self.wallTime = wallTime
            self.isControl = isControl
            self.keepAlive = keepAlive
            self.fromPage = fromPage
            self.headers = headers ?? HeaderFacts(head.headers)
            self.bodySize = bodySize
        }

        /// Why its Host headers must be refused (`HostHeaderRule`), if they must.
        var hostProblem: String? {
            HostHeaderRule.problem(hosts: self.headers.hosts, version: self.head.version)
        }
    }

    /// The largest control API body accepted.
    static let controlBodyLimit = 1 << 20
}
