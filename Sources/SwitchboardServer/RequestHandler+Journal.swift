import NIOCore
import NIOHTTP1
import SwitchboardCore

/// Every request ends as one journal entry: what it asked, what it got,
/// and how long it took, whatever path answered it.
extension RequestHandler {
    func record(_ request: Request, _ response: PreparedResponse, status: JournalEntry.Status, now: NIODeadline) {
        self.responder.inFlight.wrappingDecrement(by: 1, ordering: .relaxed)
        let elapsed = now - request.arrived
        var entry = JournalEntry(
            head: request.head, body: request.body, bodySize: request.bodySize, wallTime: request.wallTime, response,
            status: status, elapsed: elapsed)
        // The common path writes its whole answer right after this.
        let answered = if case .answered = status { true } else { false }
        entry.firstByte =
            self.headSentAt.map { .nanoseconds(($0 - request.arrived).nanoseconds) }
            ?? (answered ? entry.duration : nil)
        self.headSentAt = nil
        self.responder.journal.record(entry)
    }
}
