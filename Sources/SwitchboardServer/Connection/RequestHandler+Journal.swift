import NIOCore
import NIOHTTP1
import SwitchboardCore

/// Every request ends as one journal entry: what it asked, what it got,
/// and how long it took, whatever path answered it.
extension RequestHandler {
    func record(_ request: Request, _ response: PreparedResponse, status: JournalEntry.Status, now: NIODeadline) {
        self.responder.inFlight.wrappingDecrement(by: 1, ordering: .relaxed)
        // The common path writes its whole answer right after this.
        let entry = JournalEntry(
            head: request.head, body: request.body, bodySize: request.bodySize, wallTime: request.wallTime,
            arrived: request.arrived, response, status: status, now: now, headSentAt: self.headSentAt)
        self.headSentAt = nil
        self.responder.journal.record(entry)
    }
}
