import NIOCore
import NIOHTTP1

/// A live request: sent to the upstream, its answer awaited, then relayed.
extension ConnectionStateMachine {
    /// The request went to the upstream.
    mutating func upstreamStarted(_ request: Request, _ response: PreparedResponse) -> Progress {
        guard case .answering(.writing) = self.state else { return .unexpected(self.unexpected("an upstream request")) }
        self.state = .answering(.awaitingUpstream(request, response))
        return .ok
    }

    enum UpstreamHeadAction {
        /// Write the upstream's head to the client and relay its body.
        case relay(Request, PreparedResponse)
        /// Write nothing yet: the answer is to be cut short and its length
        /// is not known before its body is whole.
        case hold(Request, PreparedResponse)
        /// The client is gone: drop the answer.
        case ignore
        case unexpected(String)
    }

    /// `lengthKnown`: the upstream gave a Content-Length, so an answer to
    /// be cut short can promise its own at once and stream its first half;
    /// one without (chunked) is held until whole.
    mutating func upstreamHeadReceived(lengthKnown: Bool = true) -> UpstreamHeadAction {
        switch self.state {
        case .answering(.awaitingUpstream(let request, let response)) where response.cutsLiveAnswer && !lengthKnown:
            self.state = .answering(.holding(request, response))
            return .hold(request, response)
        case .answering(.awaitingUpstream(let request, let response)):
            self.state = .answering(.relaying(request, response))
            return .relay(request, response)
        case .uploading(var request, let response, .awaitingUpstream):
            // Answered before the body is all in: the rest of it may never
            // be read, so this answer is the connection's last.
            request.keepAlive = false
            self.state = .uploading(request, response, .relaying)
            return .relay(request, response)
        case .closing, .closed:
            return .ignore
        case .idle, .receiving, .uploading, .answering, .modifying:
            return .unexpected(self.unexpected("an upstream head"))
        }
    }

    enum UpstreamPartAction: Equatable {
        /// Write it; the write's completion lets the upstream be read on.
        case write
        /// Keep it: the answer goes out cut short once it is whole
        /// (`truncated` on a live answer of unknown length).
        case hold
        case ignore
        case unexpected(String)
    }

    mutating func upstreamBodyReceived() -> UpstreamPartAction {
        switch self.state {
        case .answering(.relaying), .uploading(_, _, .relaying): .write
        case .answering(.holding): .hold
        case .closing, .closed: .ignore
        case .idle, .receiving, .uploading, .answering, .modifying:
            .unexpected(self.unexpected("an upstream body part"))
        }
    }

    enum UpstreamEndAction {
        /// The relayed answer is complete: journal it and end the response
        /// (then `responseFinished` as for any other).
        case finish(Request, PreparedResponse)
        case ignore
        case unexpected(String)
    }

    mutating func upstreamFinished() -> UpstreamEndAction {
        switch self.state {
        case .answering(.relaying(let request, let response)), .answering(.holding(let request, let response)):
            self.state = .answering(.writing)
            return .finish(request, response)
        case .uploading(let request, let response, .relaying):
            // The rest of the body is not read: the request was answered
            // with `Connection: close` (see `upstreamHeadReceived`).
            self.state = .answering(.writing)
            return .finish(request, response)
        case .closing, .closed:
            return .ignore
        case .idle, .receiving, .uploading, .answering, .modifying:
            return .unexpected(self.unexpected("an upstream end"))
        }
    }

    enum UpstreamFailureAction {
        /// No byte went out yet (nor will a held answer's): answer 502 or
        /// 504.
        case answer(Request, PreparedResponse)
        /// The head went out: the response cannot change its status, so it
        /// is cut short and the connection closed.
        case cutShort(Request, PreparedResponse)
        case ignore
    }

    mutating func upstreamFailed() -> UpstreamFailureAction {
        switch self.state {
        case .answering(.awaitingUpstream(let request, let response)), .answering(.holding(let request, let response)):
            self.state = .answering(.writing)
            return .answer(request, response)
        case .uploading(var request, let response, .awaitingUpstream):
            // The body is not all read: the answer closes the connection.
            request.keepAlive = false
            self.state = .answering(.writing)
            return .answer(request, response)
        case .answering(.relaying(let request, let response)), .uploading(let request, let response, .relaying):
            self.state = .closing
            return .cutShort(request, response)
        case .idle, .receiving, .answering, .closing, .closed, .modifying:
            // A cancelled request (its client left) reports its failure too.
            return .ignore
        }
    }
}
