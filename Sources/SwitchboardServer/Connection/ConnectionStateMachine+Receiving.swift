import NIOCore
import NIOHTTP1
import SwitchboardCore

/// A request arriving: its parts, a parser error, and reads.
extension ConnectionStateMachine {
    enum Delivery: Equatable {
        /// Handle the part now.
        case handle
        /// A response is under way: the part waits its turn.
        case held
        /// The connection is closing or gone.
        case ignored
    }

    /// The decoder produced a part.
    mutating func partDecoded(_ part: HTTPServerRequestPart) -> Delivery {
        self.decodedInRead = true
        switch self.state {
        case .closing, .closed:
            return .ignored
        case .answering:
            self.held.append(.part(part))
            return .held
        case .idle, .receiving, .uploading, .modifying:
            if self.held.isEmpty { return .handle }
            self.held.append(.part(part))
            return .held
        }
    }

    /// A request's head. `decided`: its answer, when that was decided as
    /// the head arrived (while some request may go live). A live one with
    /// nothing before it goes to the upstream now and its body streams,
    /// counting toward no body limit; a live one after a delay keeps its
    /// body whole for then; any other is answered with it once its body is
    /// in.
    /// (`consuming`: the request moves into the state, not copied there.)
    mutating func headReceived(_ request: consuming Request, decided: PreparedResponse? = nil) -> Action {
        switch self.state {
        case .idle:
            break
        case .closing, .closed:
            return .none
        case .receiving, .uploading, .answering, .modifying:
            return .unexpected(self.unexpected("a request head"))
        }
        if let problem = request.hostProblem {
            self.state = .closing
            return .refuseHead(request, Refusal(.badRequest, reason: problem))
        }
        let expectsContinue = request.headers.expectsContinue
        if let decided, case .relay = decided.plan {
            guard decided.delay > .zero else {
                self.state = .uploading(
                    copy request, UpstreamSlot(UpstreamStateMachine(streaming: copy request, decided)))
                return .stream(request, decided, sendContinue: expectsContinue)
            }
            request.keepsWholeBody = true
        }
        // Only when there is one: assigning nil over nil still destroyed the
        // old value, through a call (some 58 instructions a request).
        if let decided { request.decided = DecidedAnswer(decided) }
        // A client that asks before sending a large body waits a second for
        // an answer unless it is told to go ahead (or, if the body is too
        // large, told no).
        guard expectsContinue else {
            // From `idle`: checked above.
            self.leaveEmptyState(for: .receiving(consume request))
            return .readBody
        }
        if !request.isControl, let length = request.head.headers.first(name: "Content-Length").flatMap(Int.init),
            length > self.maxBodyBytes
        {
            self.state = .closing
            return .refuseHead(request, .bodyTooLarge(limit: self.maxBodyBytes))
        }
        let version = request.head.version
        self.state = .receiving(consume request)
        return .sendContinue(version)
    }

    /// Part of a body: kept up to what the journal (or the control API)
    /// needs, the rest only counted.
    /// (An upload's part goes on to its exchange: reading waits until the
    /// upstream takes it, `uploadPartTaken`.)
    mutating func bodyReceived(_ buffer: inout ByteBuffer) -> Action {
        if case .uploading = self.state { return self.uploadBodyReceived(buffer) }
        guard case .receiving(var request) = self.state else {
            switch self.state {
            case .closing, .closed: return .none
            default: return .unexpected(self.unexpected("a body part"))
            }
        }
        // Leave no second reference behind, or every part would copy the
        // whole body so far.
        self.state = .modifying
        request.bodySize += buffer.readableBytes
        if !request.isControl && request.bodySize > self.maxBodyBytes {
            self.state = .closing
            return .refuse(request, .bodyTooLarge(limit: self.maxBodyBytes))
        }
        let limit =
            request.isControl
            ? Self.controlBodyLimit : request.keepsWholeBody ? self.maxBodyBytes : capturedBodyLimit
        let room = limit - (request.body?.readableBytes ?? 0)
        if room > 0, let slice = buffer.readSlice(length: min(room, buffer.readableBytes)) {
            // Copied: a slice would keep the decoder's whole read buffer alive.
            var body = request.body ?? ByteBuffer()
            request.body = nil
            body.writeImmutableBuffer(slice)
            request.body = body
        }
        self.state = .receiving(request)
        return .none
    }

    /// The request's end: answer it; for an upload, the exchange ends the
    /// upstream request's body.
    mutating func endReceived() -> Action {
        // Taken out, so the request moves on rather than being copied.
        switch self.takeState() {
        case .receiving(let request):
            // `takeState` left `modifying`.
            self.leaveEmptyState(for: .answering(.writing))
            return request.isControl ? .answerControl(request) : .answer(request)
        case .uploading(let request, var upstream):
            let action = upstream.machine.requestEnded()
            self.state = .answering(.upstream(request, upstream))
            return .uploadEnded(action)
        case let other:
            self.state = other
            switch other {
            case .closing, .closed: return .none
            case .idle, .receiving, .uploading, .answering, .modifying:
                return .unexpected(self.unexpected("a request end"))
            }
        }
    }

    /// The decoder could not read a request (at `now`); it reads nothing
    /// more. Refused with 400 or 431 (with what arrived of the request, if
    /// any), and the connection closes; held behind the response under way;
    /// an upload's upstream request cancelled and journaled (the client
    /// sees no answer after the upstream's head, if that went out); or
    /// dropped while the connection closes (its close already waits for the
    /// last response, or a refusal, to be flushed: closing now would cut
    /// those bytes short).
    mutating func parserError(_ error: HTTPParserError, now: NIODeadline) -> Action {
        let request: Request?
        switch self.state {
        case .answering:
            self.held.append(.parserError(error))
            return .none
        case .idle where !self.held.isEmpty, .receiving where !self.held.isEmpty:
            self.held.append(.parserError(error))
            return .none
        case .idle:
            request = nil
        case .receiving(let partial):
            request = partial
        case .uploading(let request, var upstream):
            self.state = .closing
            let why = "request body unreadable: \(ParserErrors.describe(error).1)"
            return .abortUpload(upstream.machine.aborted(request, why: why, status: .noStatusLine, now: now))
        case .closing, .closed:
            return .none
        case .modifying:
            return .unexpected(self.unexpected("a parser error"))
        }
        self.state = .closing
        let (status, reason) = ParserErrors.describe(error)
        return .refuse(request, Refusal(status, reason: reason))
    }

    /// The next held event, once no response is under way.
    mutating func nextHeld() -> Held? {
        // Nothing held, as after most answers: no look at the state (a
        // call, some 12 instructions).
        if self.held.isEmpty { return nil }
        switch self.state {
        case .idle, .receiving: return self.held.popFirst()
        case .uploading, .answering, .closing, .closed, .modifying: return nil
        }
    }

    /// Whether a read asked for now may go ahead; if not, it happens once
    /// the held events are handled.
    mutating func readRequested() -> Bool {
        // One look at the state, by its case alone: a pattern that binds a
        // payload copies the whole state out first (two calls to memcpy,
        // some 58 instructions, with every read), so only an upload's is
        // looked into.
        switch self.state {
        case .answering:
            break
        case .uploading where self.uploadPartsInFlight:
            break
        case .idle, .receiving, .uploading, .closing, .closed, .modifying:
            if self.held.isEmpty { return true }
        }
        self.readDeferred = true
        return false
    }

    /// Parts of an upload's body are on their way to the upstream.
    private var uploadPartsInFlight: Bool {
        guard case .uploading(_, let upstream) = self.state else { return false }
        return upstream.machine.partsInFlight > 0
    }

    enum ReadCompleteAction: Equatable {
        /// Bytes came but made no part: a head has begun, and must finish
        /// in time.
        case headBegun
        /// A body is still incomplete: the rest must keep coming.
        case bodyIncomplete
        case none
    }

    /// A read is over. (A read that only finished a body, answered at once,
    /// leaves the connection idle, not mid-head.)
    mutating func readCompleted() -> ReadCompleteAction {
        defer { self.decodedInRead = false }
        switch self.state {
        case .idle where !self.decodedInRead: return .headBegun
        case .receiving, .uploading: return .bodyIncomplete
        default: return .none
        }
    }
}
