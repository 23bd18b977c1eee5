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

    enum HeadAction {
        /// Read the body (or the end).
        case receive
        /// Tell a client that asked first (`Expect: 100-continue`) to send
        /// its body (in the request's HTTP version).
        case sendContinue(HTTPVersion)
        /// Answer 400 and close: the head breaks a rule.
        case refuse(Request, HTTPResponseStatus, reason: String)
        /// Answer 413 and close: the body it announces is too large.
        case refuseBody(Request)
        /// Send the request to the upstream now, its body to follow as it
        /// arrives (after a `100 Continue` if the client asked for one).
        case stream(Request, PreparedResponse, sendContinue: Bool)
        case ignore
        case unexpected(String)
    }

    /// A request's head. `decided`: its answer, when that was decided as
    /// the head arrived (while some request may go live). A live one with
    /// nothing before it goes to the upstream now and its body streams,
    /// counting toward no body limit; a live one after a delay keeps its
    /// body whole for then; any other is answered with it once its body is
    /// in.
    /// (`consuming`: the request moves into the state, not copied there.)
    mutating func headReceived(_ request: consuming Request, decided: PreparedResponse? = nil) -> HeadAction {
        switch self.state {
        case .idle:
            break
        case .closing, .closed:
            return .ignore
        case .receiving, .uploading, .answering, .modifying:
            return .unexpected(self.unexpected("a request head"))
        }
        if let problem = request.hostProblem {
            self.state = .closing
            return .refuse(request, .badRequest, reason: problem)
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
            return .receive
        }
        if !request.isControl, let length = request.head.headers.first(name: "Content-Length").flatMap(Int.init),
            length > self.maxBodyBytes
        {
            self.state = .closing
            return .refuseBody(request)
        }
        let version = request.head.version
        self.state = .receiving(consume request)
        return .sendContinue(version)
    }

    enum BodyAction {
        case receive
        case refuseBody(Request)
        /// An upload's part: what its exchange does with it (reading waits
        /// until the upstream takes it: `uploadPartTaken`).
        case forward(UpstreamAction)
        case ignore
        case unexpected(String)
    }

    /// Part of a body: kept up to what the journal (or the control API)
    /// needs, the rest only counted.
    mutating func bodyReceived(_ buffer: inout ByteBuffer) -> BodyAction {
        if case .uploading = self.state { return self.uploadBodyReceived(buffer) }
        guard case .receiving(var request) = self.state else {
            switch self.state {
            case .closing, .closed: return .ignore
            default: return .unexpected(self.unexpected("a body part"))
            }
        }
        // Leave no second reference behind, or every part would copy the
        // whole body so far.
        self.state = .modifying
        request.bodySize += buffer.readableBytes
        if !request.isControl && request.bodySize > self.maxBodyBytes {
            self.state = .closing
            return .refuseBody(request)
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
        return .receive
    }

    enum EndAction {
        case answer(Request)
        case answerControl(Request)
        /// The upload is complete: what its exchange does (end the upstream
        /// request's body).
        case endUpload(UpstreamAction)
        case ignore
        case unexpected(String)
    }

    mutating func endReceived() -> EndAction {
        // Taken out, so the request moves on rather than being copied.
        switch self.takeState() {
        case .receiving(let request):
            // `takeState` left `modifying`.
            self.leaveEmptyState(for: .answering(.writing))
            return request.isControl ? .answerControl(request) : .answer(request)
        case .uploading(let request, var upstream):
            let action = upstream.machine.requestEnded()
            self.state = .answering(.upstream(request, upstream))
            return .endUpload(action)
        case let other:
            self.state = other
            switch other {
            case .closing, .closed: return .ignore
            case .idle, .receiving, .uploading, .answering, .modifying:
                return .unexpected(self.unexpected("a request end"))
            }
        }
    }

    enum ParserErrorAction {
        /// Answer 400 or 431 (with what arrived of the request, if any) and
        /// close.
        case refuse(Request?, HTTPResponseStatus, reason: String)
        /// An upload's body cannot be read: cancel the upstream request,
        /// journal it, and close (the client sees no answer after the
        /// upstream's head, if that went out).
        case abortUpload(Request, UpstreamStateMachine, reason: String)
        /// Held behind the response under way.
        case held
        /// The connection is closing (its close already waits for the last
        /// response, or a refusal, to be flushed) or gone: closing now
        /// would cut those bytes short.
        case ignore
        case unexpected(String)
    }

    /// The decoder could not read a request; it reads nothing more.
    mutating func parserError(_ error: HTTPParserError) -> ParserErrorAction {
        let request: Request?
        switch self.state {
        case .answering:
            self.held.append(.parserError(error))
            return .held
        case .idle where !self.held.isEmpty, .receiving where !self.held.isEmpty:
            self.held.append(.parserError(error))
            return .held
        case .idle:
            request = nil
        case .receiving(let partial):
            request = partial
        case .uploading(let request, let upstream):
            self.state = .closing
            return .abortUpload(request, upstream.machine, reason: ParserErrors.describe(error).1)
        case .closing, .closed:
            return .ignore
        case .modifying:
            return .unexpected(self.unexpected("a parser error"))
        }
        self.state = .closing
        let (status, reason) = ParserErrors.describe(error)
        return .refuse(request, status, reason: reason)
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
