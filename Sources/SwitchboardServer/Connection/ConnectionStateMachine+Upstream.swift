import NIOCore
import NIOHTTP1

/// A live request: the events of its exchange with the upstream go to the
/// `UpstreamStateMachine` nested in the state, and its action comes back;
/// an action that ends the exchange moves the connection on.
extension ConnectionStateMachine {
    /// A request that is all in goes to the upstream (after its delay, if
    /// it had one).
    mutating func upstreamStarted(_ request: Request, _ response: PreparedResponse) -> Action {
        guard case .answering(.writing) = self.state else { return .unexpected(self.unexpected("an upstream request")) }
        self.state = .answering(.upstream(request, UpstreamSlot(UpstreamStateMachine(whole: request, response))))
        return .none
    }

    /// The request is being sent now: the body it goes up with, or `nil`
    /// when no exchange is under way (impossible).
    mutating func upstreamSending(_ exchange: LiveExchange) -> UpstreamRequest.Body? {
        self.withUpstream { _, upstream in upstream.sent(exchange) } ?? nil
    }

    /// An exchange is under way (not failed before `send` returned).
    var exchangeUnderWay: Bool {
        switch self.state {
        case .uploading, .answering(.upstream): true
        default: false
        }
    }

    mutating func upstreamHeadReceived(_ head: HTTPResponseHead, now: NIODeadline) -> Action {
        let uploading = self.isUploading
        return self.upstreamEvent("an upstream head") { request, upstream in
            // Answered before the body is all in: the rest of it may never
            // be read, so this answer is the connection's last, and it
            // cannot wait for its body to be whole.
            if uploading { request.keepAlive = false }
            return upstream.headReceived(head, for: request, now: now, mayHold: !uploading)
        }
    }

    mutating func upstreamBodyReceived(_ buffer: ByteBuffer, now: NIODeadline) -> Action {
        self.upstreamEvent("an upstream body part") { request, upstream in
            upstream.bodyPartReceived(buffer, for: request, now: now)
        }
    }

    mutating func upstreamFinished(now: NIODeadline) -> Action {
        self.upstreamEvent("an upstream end") { request, upstream in upstream.ended(for: request, now: now) }
    }

    /// The streamed half of a `truncated` answer is out.
    mutating func cutReached(now: NIODeadline) -> Action {
        self.upstreamEvent("a cut") { request, upstream in upstream.cutReached(for: request, now: now) }
    }

    /// A cancelled request (its client left) reports its failure too, so
    /// a failure outside an exchange is ignored, never unexpected.
    mutating func upstreamFailed(_ failure: UpstreamFailure, now: NIODeadline) -> Action {
        guard self.exchangeUnderWay else { return .upstream(.ignore) }
        let uploading = self.isUploading
        let action = self.upstreamEvent("an upstream failure") { request, upstream in
            // The body is not all read: the answer closes the connection,
            // and the close must let the answer reach the client.
            if uploading { request.keepAlive = false }
            return upstream.failed(failure, for: request, now: now)
        }
        if uploading, case .upstream(.answer) = action { self.lingersOnClose = true }
        return action
    }

    /// A write of the relayed answer to the client completed.
    mutating func clientWrite(last: Bool, succeeded: Bool) {
        _ = self.withUpstream { _, upstream in upstream.clientWrite(last: last, succeeded: succeeded) }
    }

    /// The next piece of a relayed part under the toxics' slicer; `nil`
    /// once the exchange is over.
    mutating func nextPiece(available: Int, now: NIODeadline) -> (length: Int, due: NIODeadline)? {
        self.withUpstream { _, upstream in upstream.nextPiece(available: available, now: now) } ?? nil
    }

    mutating func pieceLeft(at time: NIODeadline) {
        _ = self.withUpstream { _, upstream in upstream.pieceLeft(at: time) }
    }

    var isUploading: Bool {
        if case .uploading = self.state { true } else { false }
    }

    /// Hands an event to the exchange under way and settles the
    /// connection after its action: an exchange that is over leaves the
    /// state. Outside an exchange the event is ignored while the
    /// connection closes, and impossible otherwise.
    mutating func upstreamEvent(
        _ event: StaticString, _ body: (inout Request, inout UpstreamStateMachine) -> UpstreamAction
    ) -> Action {
        guard let action = self.withUpstream(body) else {
            switch self.state {
            case .closing, .closed: return .upstream(.ignore)
            default: return .unexpected(self.unexpected(event))
            }
        }
        switch action {
        case .finish, .answer:
            self.state = .answering(.writing)
        case .end:
            self.closing()
        case .unexpected(let what):
            return .unexpected("\(what) while \(self.stateName)")
        case .none, .ignore, .uploadPart, .startUpload, .endUpload, .dropPart, .refuseWriter, .failUpstream,
            .writeHead, .writeCutHead, .write:
            break
        }
        return .upstream(action)
    }

    /// Runs `body` on the exchange in place: taken out of the state first,
    /// so that the buffers it keeps are not copied, and put back. `nil`
    /// when no exchange is under way.
    mutating func withUpstream<T>(_ body: (inout Request, inout UpstreamStateMachine) -> T) -> T? {
        switch self.state {
        case .uploading(var request, var upstream):
            self.state = .modifying
            let result = body(&request, &upstream.machine)
            self.state = .uploading(request, upstream)
            return result
        case .answering(.upstream(var request, var upstream)):
            self.state = .modifying
            let result = body(&request, &upstream.machine)
            self.state = .answering(.upstream(request, upstream))
            return result
        default:
            return nil
        }
    }
}
