import NIOCore
import NIOHTTP1
import SwitchboardCore

/// What a live answer says, worked out from the exchange so far: for the
/// journal, for the client's framing, for the bandwidth's schedule. Pure
/// reads of `UpstreamStateMachine`, no state moves here.
extension UpstreamStateMachine {
    /// The prepared response with what the upstream sent, for the journal.
    func relayed(now: NIODeadline) -> PreparedResponse {
        var relayed = self.response
        guard let exchange = self.exchange else { return relayed }
        if let head = exchange.head {
            relayed.status = head.status
            relayed.headers = head.headers
        }
        relayed.body = exchange.captured
        relayed.head = nil
        relayed.wire = nil
        relayed.notes.upstream = exchange.outcome(now: now)
        return relayed
    }

    /// `truncated` on an answer of unknown length: the upstream's answer,
    /// held whole, goes out as `truncated` sends a fixture's (its plan, run
    /// by `perform`): its status and headers with a Content-Length 1 KB
    /// past the body, half the body, then the close.
    func heldCut(now: NIODeadline) -> PreparedResponse {
        var cut = self.relayed(now: now)
        cut.body = self.exchange?.body.joined ?? ByteBuffer()
        cut.plan = .answer(AnswerPlan.BodyPlan(rate: self.exchange?.bandwidth, cut: .half))
        return cut
    }

    /// The response as journaled for a client that left before its answer
    /// was whole.
    func leftResponse(now: NIODeadline) -> PreparedResponse {
        var response = self.response
        if let exchange = self.exchange { response.notes.upstream = exchange.outcomeWhenClientLeft(now: now) }
        return response
    }

    /// Whether the bytes relayed so far are all the head promised.
    var lastByteOut: Bool {
        guard let exchange = self.exchange else { return false }
        return exchange.promised == exchange.relayed
    }

    /// Whether a relayed part goes out as the exchange's pacer allows (a
    /// bandwidth, the slicer) rather than at once: the upstream is read
    /// no faster than that.
    var paced: Bool {
        self.exchange.map { !$0.pacer.isFree } ?? false
    }

    /// The body's length as the upstream gave it; nil when chunked or
    /// delimited by the close.
    static func bodyLength(_ head: HTTPResponseHead) -> Int? {
        guard !head.headers.contains(name: "Transfer-Encoding") else { return nil }
        return head.headers.first(name: "Content-Length").flatMap { Int($0) }
    }

    /// HEAD answers, 1xx, 204 and 304 (RFC 9110 §6.4.1).
    static func hasNoBody(_ request: Request, _ status: HTTPResponseStatus) -> Bool {
        request.head.method == .HEAD || status.code < 200 || status == .noContent || status == .notModified
    }
}
