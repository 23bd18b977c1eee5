import NIOCore
import NIOHTTP1

/// A response on its way: held by a timer, hung, read from disk, finished.
extension ConnectionStateMachine {
    /// A step of the answer under way (see `AnswerStep`).
    mutating func answerStepped(_ step: AnswerStep) -> Action {
        switch step {
        case .bodyMaking: return self.fileReadStarted()
        case .bodyMade(let request, let response, let open): return self.fileRead(request, response, channelOpen: open)
        case .waiting(let request, let response, let resume): return self.waitStarted(request, response, until: resume)
        case .waitOver: return self.waitEnded()
        case .hanging(let request, let response): return self.hangStarted(request, response)
        case .relayed(let request, let response):
            let started = self.upstreamStarted(request, response)
            guard case .none = started else { return started }
            return .relay(request, response)
        case .closing:
            self.closing()
            return .none
        case .finished: return self.responseFinished()
        // An answer that went out while the client still uploaded: closing
        // must not reset the connection under it.
        case .closed: return self.lingersOnClose ? .lingerThenClose : .close
        }
    }

    /// A timer holds the response back (a delay, or a body's next chunk).
    mutating func waitStarted(
        _ request: Request, _ response: PreparedResponse, until resume: Resume
    ) -> Action {
        guard case .answering(.writing) = self.state else { return .unexpected(self.unexpected("a wait")) }
        self.state = .answering(.waiting(request, DecidedAnswer(response), resume))
        return .none
    }

    /// The timer fired: the response is written again.
    mutating func waitEnded() -> Action {
        guard case .answering(.waiting) = self.state else { return .unexpected(self.unexpected("a wait's end")) }
        self.state = .answering(.writing)
        return .none
    }

    mutating func hangStarted(_ request: Request, _ response: PreparedResponse) -> Action {
        guard case .answering(.writing) = self.state else { return .unexpected(self.unexpected("a hang")) }
        self.state = .answering(.hanging(request, DecidedAnswer(response)))
        return .none
    }

    mutating func fileReadStarted() -> Action {
        guard case .answering(.writing) = self.state else { return .unexpected(self.unexpected("a file read")) }
        self.state = .answering(.readingFile)
        return .none
    }

    /// The body made off the loop for `request`'s `response` is ready:
    /// `.none` to answer with it, or `.clientLeft` when the client left (or
    /// the server stopped) meanwhile.
    mutating func fileRead(_ request: Request, _ response: PreparedResponse, channelOpen: Bool) -> Action {
        switch self.state {
        case .answering(.readingFile) where channelOpen:
            self.state = .answering(.writing)
            return .none
        case .answering(.readingFile):
            self.state = .closing
            return .clientLeft(request, response)
        case .closing, .closed:
            return .clientLeft(request, response)
        case .idle, .receiving, .uploading, .answering, .modifying:
            return .unexpected(self.unexpected("a file read's end"))
        }
    }

    /// The response is complete and the connection is kept: the next
    /// request may be handled. `.drainHeld`: hand out what was held
    /// (`nextHeld`), then `drainFinished`; `.none`: a loop further up the
    /// stack is handing out held events, or the connection is closing;
    /// `.refuseHeld`: the server is stopping and this was the last
    /// response, so the connection closes, and what was held is journaled
    /// as refused (`dropHeld`), not started.
    mutating func responseFinished() -> Action {
        switch self.state {
        case .answering(.writing) where self.stopRequested:
            self.state = .closing
            return .refuseHeld(thenClose: false)
        case .answering(.writing):
            self.leaveEmptyState(for: .idle)
        case .closing, .closed:
            return .none
        case .idle, .receiving, .uploading, .answering, .modifying:
            return .unexpected(self.unexpected("a response's end"))
        }
        if self.draining { return .none }
        self.draining = true
        return .drainHeld
    }

    struct AfterDrain: Equatable {
        /// Do the read that was held back.
        var read: Bool
        /// A held request's body is incomplete: its deadline starts now,
        /// not when (if ever) more of it arrives.
        var awaitBody: Bool
    }

    /// Everything held that could be handled was.
    mutating func drainFinished() -> AfterDrain {
        self.draining = false
        let read = self.readDeferred
        switch self.state {
        case .idle:
            self.readDeferred = false
            return AfterDrain(read: read, awaitBody: false)
        case .receiving:
            self.readDeferred = false
            return AfterDrain(read: read, awaitBody: true)
        case .uploading, .answering, .closing, .closed, .modifying:
            return AfterDrain(read: false, awaitBody: false)
        }
    }
}
