import NIOCore
import NIOHTTP1
import SwitchboardCore

extension JournalEntry {
    /// The entry for a request and what it got, whichever front end
    /// answered it (a socket's handler, or the in-process answers).
    init(
        head: HTTPRequestHead, body: ByteBuffer?, bodySize: Int, wallTime: Double, _ response: PreparedResponse,
        status: JournalEntry.Status, elapsed: TimeAmount
    ) {
        let decision = response.decision
        let answered = if case .answered = status { true } else { false }
        let details = CapturedExchange(
            head: head, requestBody: body, requestBodySize: bodySize,
            responseHeaders: answered ? response.headers : HTTPHeaders(),
            responseBody: answered ? response.body : ByteBuffer(), sharesResponseBody: response.head != nil,
            rateLimitHeaders: answered && response.headersLackRateLimit ? response.rateVerdict : nil)
        self.init(
            time: wallTime, method: head.method.rawValue, target: head.uri,
            status: status, duration: .nanoseconds(elapsed.nanoseconds), endpointID: response.endpointID,
            mode: decision?.mode, setting: decision?.setting, latency: decision?.latency,
            injectedDelay: response.delay, unmatched: response.unmatched, details: details)
        self.rateLimited = response.rateLimited
        // Every cut (the mode, a limit_data toxic, a relayed answer cut
        // on its way) is journaled as an answer whose plan cuts.
        if answered, case .answer(let body) = response.plan, body.cut != nil { self.cutShort = true }
        if response.hasToxics, let toxics = decision?.toxics { self.toxics = toxics }
        if let decision { self.forced = decision.forced }
        self.networkFault = decision?.chosenBy == .network
        self.missingFixture = response.missingFixture
        if let upstream = response.upstream {
            self.upstream = upstream
            if self.mode == nil { self.mode = .live }
        }
    }
}

extension JournalEntry {
    /// The entry for an answer that ended `now` with `status`, whichever
    /// front end ran its plan: the one place the journal's timing of an
    /// answer is worked out. `headSentAt`: when its status line left; an
    /// answer sent whole at once (none noted) had its first byte at the
    /// end, one with no status line has none.
    init(
        head: HTTPRequestHead, body: ByteBuffer?, bodySize: Int, wallTime: Double, arrived: NIODeadline,
        _ response: PreparedResponse, status: JournalEntry.Status, now: NIODeadline, headSentAt: NIODeadline?
    ) {
        self.init(
            head: head, body: body, bodySize: bodySize, wallTime: wallTime, response, status: status,
            elapsed: now - arrived)
        let answered = if case .answered = status { true } else { false }
        self.firstByte =
            headSentAt.map { .nanoseconds(($0 - arrived).nanoseconds) } ?? (answered ? self.duration : nil)
    }
}
