import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel

/// One live request while it lasts: what the journal will say about it.
struct LiveExchange {
    /// When the request went to the upstream.
    let sent: NIODeadline
    /// When the upstream's head arrived.
    var answered: NIODeadline?
    var upstream: UpstreamURL
    /// The upstream's head as relayed (hop-by-hop fields dropped).
    var head: HTTPResponseHead?
    /// The start of the upstream's body, up to the journal's limit.
    var captured = ByteBuffer()
    /// Body bytes relayed so far.
    var relayed = 0
    /// The whole body as relayed, for recording; emptied once past
    /// `LiveAnswers.bodyLimit`.
    var body = RelayedBody()
    /// Bytes per second the latency profile allows, if it limits them.
    var bandwidth: Int? { self.pacer.bandwidth }
    /// When the relayed body's parts may leave (a bandwidth, the slicer),
    /// from the upstream's head on (`answered`).
    var pacer: Pacer
    /// `limit_data`, counting the relayed bytes (see
    /// `UpstreamStateMachine.bodyPartReceived`).
    var limit: DataLimit?
    /// `slow_close`: how long after the relayed end the connection closes.
    let slowClose: Duration?

    /// The body's length as the head relayed to the client promised it: 0
    /// for an answer without a body, its Content-Length; `nil` when
    /// chunked or cut (then the client has it whole only once its end
    /// goes out, at the upstream's end).
    var promised: Int?
    /// The answer's last byte was written to the client: a client that
    /// closes now had all of it, whether or not the upstream's end has
    /// come yet.
    var delivered = false
    /// A write to the client failed: the client is gone, and the failure
    /// the transport then reports (our write's own error) is not the
    /// upstream's.
    var clientGone = false

    /// `toxics`: the endpoint's connection toxics that act on the relayed
    /// body (none on a `truncated` answer, which they leave alone as they
    /// leave a fixture's: `AnswerScript.toxics(actingOn:)`); `slicer`: its
    /// draws, when they include it.
    init(
        sent: NIODeadline, upstream: UpstreamURL, bandwidth: Int?, toxics: Toxics? = nil,
        slicer: Pacer.Slicer? = nil
    ) {
        self.sent = sent
        self.upstream = upstream
        self.pacer = Pacer(bandwidth: bandwidth, toxics: toxics, slicer: slicer, pieces: .asGiven)
        self.limit = toxics?.limitData.map(DataLimit.init)
        self.slowClose = toxics?.slowClose
    }

    /// The upstream's own time: to its head, or to `now` if it never came.
    func outcome(now: NIODeadline, failure: String? = nil) -> UpstreamOutcome {
        UpstreamOutcome(time: .nanoseconds(((self.answered ?? now) - self.sent).nanoseconds), failure: failure)
    }

    /// The client left before the answer was whole: the upstream's time to
    /// its head, or, if it had not answered, how long it was waited for,
    /// said so (not a time that reads as an answer's).
    func outcomeWhenClientLeft(now: NIODeadline) -> UpstreamOutcome {
        self.outcome(now: now, failure: self.answered == nil ? Self.leftUnanswered : nil)
    }

    static let leftUnanswered = "client left before the upstream answered"

    /// How the upstream's answer, come whole, breaks the operation
    /// `contract` describes: its status and headers, and its body if it
    /// was kept whole (not past `DriftBody.limit`, not the
    /// answer to a HEAD). A check to run off the loop (`OffLoopWork`),
    /// with what it reads taken out of the exchange now.
    func driftCheck(for request: HTTPRequestHead, against contract: any EndpointContract)
        -> @Sendable () -> [ContractViolation]
    {
        guard let head = self.head else { return { [] } }
        let whole = request.method != .HEAD && self.relayed <= DriftBody.limit
        let body = whole ? Array(buffer: self.body.joined) : nil
        return {
            contract.drift(status: Int(head.status.code), header: { head.headers.first(name: $0) }, body: body)
        }
    }

    /// Keeps the start of the body for the journal, and the body for
    /// recording (not `recording` a streamed cut, which is never kept
    /// whole). Constant work per part: call it in place (the connection
    /// machine takes the exchange out of its state first), never on a copy,
    /// or the copy-on-write of the body kept so far makes each part cost as
    /// much as all before it.
    mutating func capture(_ buffer: ByteBuffer, recording: Bool = true) {
        self.relayed += buffer.readableBytes
        if !recording {
            // Streamed to be cut: sent as it comes, never kept whole.
        } else if self.relayed <= LiveAnswers.bodyLimit {
            self.body.append(buffer)
        } else {
            self.body.drop()
        }
        let room = capturedBodyLimit - self.captured.readableBytes
        guard room > 0 else { return }
        var part = buffer
        if let slice = part.readSlice(length: min(room, part.readableBytes)) {
            self.captured.writeImmutableBuffer(slice)
        }
    }
}
