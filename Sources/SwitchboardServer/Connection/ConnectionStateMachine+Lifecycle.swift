import NIOCore
import NIOHTTP1

/// Deadlines, the server stopping, the client leaving, refusals.
extension ConnectionStateMachine {
    /// The connection clock's deadline for `phase` passed (at `now`).
    mutating func deadlinePassed(_ phase: ConnectionClock.Phase, now: NIODeadline) -> Action {
        switch (phase, self.state) {
        case (.idle, _):
            return .closeIfSent
        case (.readingHead, .idle):
            self.state = .closing
            return .refuseSlowHead
        case (.readingBody, .receiving(let request)):
            self.state = .closing
            return .refuseStalledBody(request)
        case (.readingBody, .uploading(let request, var upstream)):
            // A part still on its way means the upstream is slow, not the
            // client: the deadline starts again once it is taken.
            if upstream.machine.partsInFlight > 0 { return .none }
            self.state = .closing
            // The upstream request is cancelled, journaled, and the
            // connection closes.
            return .abortUpload(
                upstream.machine.aborted(request, why: "request body stopped arriving", status: .noStatusLine, now: now)
            )
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

    /// The server is stopping: what is waiting is answered now, not
    /// dropped. The held response goes out now (`finishNow`; requests held
    /// behind it are not taken up: `responseFinished` answers
    /// `.refuseHeld`); a hang ends; a request half in is refused; an
    /// upstream's answer may finish within the drain timeout.
    mutating func stopping() -> Action {
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
            return .none
        case .idle, .answering(.writing), .answering(.readingFile), .closing, .modifying:
            self.state = .closing
            return .refuseHeld(thenClose: true)
        case .closed:
            return .refuseHeld(thenClose: true)
        }
    }

    /// The channel is gone (at `now`). A live exchange says what the
    /// journal says (`UpstreamStateMachine.clientClosed`, or `aborted`
    /// for an upload not complete, whose upstream request is cancelled:
    /// the upstream sees its connection cut).
    mutating func inactive(now: NIODeadline) -> Action {
        let state = self.state
        self.state = .closed
        self.held.removeAll()
        switch state {
        case .answering(.waiting(let request, let decided, _)):
            return .clientLeft(request, decided.answer)
        case .answering(.hanging(let request, let decided)):
            return .endHang(request, decided.answer)
        case .receiving(let request) where !request.isControl:
            return .leftMidRequest(request)
        case .answering(.upstream(let request, var upstream)):
            return .upstream(upstream.machine.clientClosed(request, now: now))
        case .uploading(let request, var upstream):
            return .upstream(
                upstream.machine.aborted(request, why: "client left mid-upload", status: .clientLeft, now: now))
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
