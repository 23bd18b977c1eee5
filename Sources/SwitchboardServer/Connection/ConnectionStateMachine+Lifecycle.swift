import NIOCore
import NIOHTTP1

/// Deadlines, the server stopping, the client leaving, refusals.
extension ConnectionStateMachine {
    enum DeadlineAction {
        /// Idle too long: close, unless the last response is still leaving.
        case closeIfSent
        /// Answer 408 as raw bytes (there is no head to pair it with).
        case refuseSlowHead
        /// Answer 408 with what arrived of the request.
        case refuseStalledBody(Request)
        /// An upload stopped arriving while the upstream waited for it:
        /// cancel the upstream request, journal it, and close.
        case abandonStalledUpload(Request, UpstreamStateMachine)
        case close
        case none
        case unexpected(String)
    }

    /// The connection clock's deadline for `phase` passed.
    mutating func deadlinePassed(_ phase: ConnectionClock.Phase) -> DeadlineAction {
        switch (phase, self.state) {
        case (.idle, _):
            return .closeIfSent
        case (.readingHead, .idle):
            self.state = .closing
            return .refuseSlowHead
        case (.readingBody, .receiving(let request)):
            self.state = .closing
            return .refuseStalledBody(request)
        case (.readingBody, .uploading(let request, let upstream)):
            // A part still on its way means the upstream is slow, not the
            // client: the deadline starts again once it is taken.
            if upstream.machine.partsInFlight > 0 { return .none }
            self.state = .closing
            return .abandonStalledUpload(request, upstream.machine)
        case (.readingHead, .closing), (.readingBody, .closing):
            // Possible: the clock is left as it was when a refusal (a
            // parser error's 400, a 413, the server stopping mid-body)
            // started closing, and that refusal is still waiting for a
            // client that does not read. It has had its time.
            return .close
        case (.readingHead, _), (.readingBody, _):
            // Impossible: the clock reads a head or a body only while the
            // connection does (the timer looks at the phase when it fires,
            // so it cannot race a state change on the same loop), and
            // `inactive` stops the clock.
            return .unexpected(self.unexpected(phase == .readingHead ? "a head deadline" : "a body deadline"))
        case (.busy, _), (.sending, _):
            return .none
        }
    }

    enum StopAction {
        /// Send the held response now (the rest of a body at once), then
        /// close. Requests held behind it are not taken up
        /// (`responseFinished` answers `.dropHeld`).
        case finishNow(Request, PreparedResponse, Resume)
        /// Journal the hung request as answered with no status line, and
        /// close.
        case endHang(Request, PreparedResponse)
        /// Journal the half-arrived request as refused (503), and close.
        case refuseArriving(Request)
        /// Let the upstream's answer finish within the drain timeout.
        case awaitUpstream
        case close
    }

    /// The server is stopping: what is waiting is answered now, not dropped.
    mutating func stopping() -> StopAction {
        switch self.state {
        case .answering(.waiting(let request, let decided, let resume)):
            self.state = .answering(.writing)
            self.stopRequested = true
            return .finishNow(request, decided.answer, resume)
        case .answering(.hanging(let request, let decided)):
            self.state = .closing
            return .endHang(request, decided.answer)
        case .receiving(let request):
            self.state = .closing
            return .refuseArriving(request)
        case .answering(.upstream), .uploading:
            return .awaitUpstream
        case .idle, .answering(.writing), .answering(.readingFile), .closing, .modifying:
            self.state = .closing
            return .close
        case .closed:
            return .close
        }
    }

    enum InactiveAction {
        /// The client hung up while its response was held back: cancel the
        /// timer, journal a client that left.
        case clientLeft(Request, PreparedResponse)
        /// The hung request's client gave up: journal it with no status line.
        case hangEnded(Request, PreparedResponse)
        /// The client left before sending all of its request.
        case leftMidRequest(Request)
        /// The client left while the upstream answered: its exchange says
        /// what the journal says (`UpstreamStateMachine.clientClosed`).
        case upstreamAbandoned(Request, UpstreamStateMachine)
        /// The client left before its upload was complete: cancel the
        /// upstream request (the upstream sees its connection cut) and
        /// journal it so (`UpstreamStateMachine.aborted`).
        case uploadAbandoned(Request, UpstreamStateMachine)
        case none
    }

    mutating func inactive() -> InactiveAction {
        let state = self.state
        self.state = .closed
        self.held.removeAll()
        switch state {
        case .answering(.waiting(let request, let decided, _)):
            return .clientLeft(request, decided.answer)
        case .answering(.hanging(let request, let decided)):
            return .hangEnded(request, decided.answer)
        case .receiving(let request) where !request.isControl:
            return .leftMidRequest(request)
        case .answering(.upstream(let request, let upstream)):
            return .upstreamAbandoned(request, upstream.machine)
        case .uploading(let request, let upstream):
            return .uploadAbandoned(request, upstream.machine)
        case .idle, .receiving, .answering(.writing), .answering(.readingFile), .closing, .closed, .modifying:
            return .none
        }
    }

    /// The heads of the requests held behind the last response, which the
    /// server stopped before taking up; nothing is held afterwards.
    mutating func dropHeld() -> [HTTPRequestHead] {
        var heads: [HTTPRequestHead] = []
        while let held = self.held.popFirst() {
            if case .part(.head(let head)) = held { heads.append(head) }
        }
        self.readDeferred = false
        return heads
    }

    /// A refusal or a fault that closes the connection is under way.
    mutating func closing() {
        if case .closed = self.state { return }
        self.state = .closing
    }
}
