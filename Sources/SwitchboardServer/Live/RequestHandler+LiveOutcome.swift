import NIOCore
import SwitchboardCore

/// What the journal says of a live answer whose client closed before the
/// upstream's end: decided by what was written to the client, not by when
/// the transport's events happen to arrive. A client that had every byte
/// (a 302 or a HEAD answer is only its head) got its answer, even if it
/// closed before the upstream's end came; one that left partway, or before
/// the upstream answered at all, left, and the upstream is not blamed.
extension RequestHandler {
    /// Watches a write of the answer to the client: once the answer's last
    /// promised byte is out, the client has it whole; a write that fails
    /// means the client is gone. Returns `written`, for the transport.
    func watch(_ written: EventLoopFuture<Void>) -> EventLoopFuture<Void> {
        let last = self.live.map { $0.promised == $0.relayed } ?? false
        written.assumeIsolated().whenComplete { result in
            switch result {
            case .success: if last { self.live?.delivered = true }
            case .failure: self.live?.clientGone = true
            }
        }
        return written
    }

    /// The client's connection closed during a live exchange: answered if
    /// the client had the whole answer, else client left (with the
    /// upstream's time to its head, or the words that it had not answered).
    /// The upstream's request is cancelled either way.
    func liveClosed(_ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext) {
        self.live?.task?.cancel()
        guard self.live?.delivered == true else {
            self.liveClientLeft(request, response, context: context)
            return
        }
        let relayed = self.relayed(response, now: context.eventLoop.now)
        self.keepLiveAnswer(request, response)
        self.live = nil
        self.record(request, relayed, status: .answered(Int(relayed.status.code)), now: context.eventLoop.now)
    }

    /// Journals a live request whose client left before its answer was
    /// whole.
    func liveClientLeft(_ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext) {
        var response = response
        let now = context.eventLoop.now
        if let live = self.live { response.upstream = live.outcomeWhenClientLeft(now: now) }
        self.live = nil
        self.record(request, response, status: .clientLeft, now: now)
    }
}
