import NIOCore
import NIOHTTP1

/// A response on its way: held by a timer, hung, read from disk, finished.
extension ConnectionStateMachine {
    enum Progress: Equatable {
        case ok
        case unexpected(String)
    }

    /// A timer holds the response back (a delay, or a body's next chunk).
    mutating func waitStarted(
        _ request: Request, _ response: PreparedResponse, until resume: Resume
    ) -> Progress {
        guard case .answering(.writing) = self.state else { return .unexpected(self.unexpected("a wait")) }
        self.state = .answering(.waiting(request, DecidedAnswer(response), resume))
        return .ok
    }

    /// The timer fired: the response is written again.
    mutating func waitEnded() -> Progress {
        guard case .answering(.waiting) = self.state else { return .unexpected(self.unexpected("a wait's end")) }
        self.state = .answering(.writing)
        return .ok
    }

    mutating func hangStarted(_ request: Request, _ response: PreparedResponse) -> Progress {
        guard case .answering(.writing) = self.state else { return .unexpected(self.unexpected("a hang")) }
        self.state = .answering(.hanging(request, DecidedAnswer(response)))
        return .ok
    }

    mutating func fileReadStarted() -> Progress {
        guard case .answering(.writing) = self.state else { return .unexpected(self.unexpected("a file read")) }
        self.state = .answering(.readingFile)
        return .ok
    }

    enum FileReadAction: Equatable {
        case answer
        /// The client left (or the server stopped) while the file was read:
        /// journal it as a client that left.
        case clientLeft
        case unexpected(String)
    }

    mutating func fileRead(channelOpen: Bool) -> FileReadAction {
        switch self.state {
        case .answering(.readingFile) where channelOpen:
            self.state = .answering(.writing)
            return .answer
        case .answering(.readingFile):
            self.state = .closing
            return .clientLeft
        case .closing, .closed:
            return .clientLeft
        case .idle, .receiving, .uploading, .answering, .modifying:
            return .unexpected(self.unexpected("a file read's end"))
        }
    }

    enum FinishAction: Equatable {
        /// Hand out what was held (`nextHeld`), then `drainFinished`.
        case drainHeld
        /// A loop further up the stack is handing out held events, or the
        /// connection is closing.
        case none
        /// The server is stopping and this was the last response: the
        /// connection closes, and what was held is journaled as refused
        /// (`dropHeld`), not started.
        case dropHeld
        case unexpected(String)
    }

    /// The response is complete and the connection is kept: the next
    /// request may be handled.
    mutating func responseFinished() -> FinishAction {
        switch self.state {
        case .answering(.writing) where self.stopRequested:
            self.state = .closing
            return .dropHeld
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
