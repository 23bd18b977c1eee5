import NIOCore
import NIOHTTP1
import SwitchboardCore

/// Every request ends as one journal entry: what it asked, what it got,
/// and how long it took, whatever path answered it.
extension RequestHandler {
    func record(_ request: Request, _ response: PreparedResponse, status: JournalEntry.Status, now: NIODeadline) {
        self.responder.inFlight.subtract(1, ordering: .relaxed)
        let elapsed = now - request.arrived
        let decision = response.decision
        let answered = if case .answered = status { true } else { false }
        let details = CapturedExchange(
            head: request.head, requestBody: request.body, requestBodySize: request.bodySize,
            responseHeaders: answered ? response.headers : HTTPHeaders(),
            responseBody: answered ? response.body : ByteBuffer(), sharesResponseBody: response.head != nil)
        var entry = JournalEntry(
            time: request.wallTime, method: request.head.method.rawValue, target: request.head.uri,
            status: status, duration: .nanoseconds(elapsed.nanoseconds), endpointID: response.endpointID,
            mode: decision?.mode, setting: decision?.setting, latency: decision?.latency,
            injectedDelay: response.delay, unmatched: response.unmatched, details: details)
        entry.rateLimited = response.rateLimited
        // The common path writes its whole answer right after this.
        entry.firstByte =
            self.headSentAt.map { .nanoseconds(($0 - request.arrived).nanoseconds) }
            ?? (answered ? entry.duration : nil)
        self.headSentAt = nil
        entry.preferred = response.preferred
        entry.missingFixture = response.missingFixture
        if let upstream = response.upstream {
            entry.upstream = upstream
            if entry.mode == nil { entry.mode = .live }
        }
        self.responder.journal.record(entry)
    }
}
