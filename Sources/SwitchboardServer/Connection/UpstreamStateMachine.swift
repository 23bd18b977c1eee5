import NIOCore
import NIOHTTP1
import SwitchboardCore

/// One live request's exchange with its upstream: the request's body going
/// up as it arrives, the upstream's answer coming back. A value nested in
/// the connection machine's `.uploading` and `.answering(.upstream)` states,
/// as async-http-client nests `HTTPRequestStateMachine` in its
/// `HTTP1ConnectionStateMachine`: the connection machine hands it the events
/// that concern the exchange and passes on the one `Action` it answers, which
/// `RequestHandler.run` performs. Everything the live path decides is decided
/// here — whether a part goes up now or waits for the transport, what the
/// relayed head says, where a `truncated` answer is cut, when a held answer
/// is too large, what the journal says, and how the connection ends after
/// the answer (kept, closed, closed late, or lingering for an upload the
/// upstream answered early); the handler keeps only the I/O objects (the
/// upstream call, the writes, the timers).
///
/// An event the exchange's state rules out answers `.unexpected`: the
/// handler fails loudly in debug builds and closes the connection in
/// release ones. The transition tests read every event in every state.
struct UpstreamStateMachine {
    private var state: State
    /// The answer decided for the request (its plan is `.relay`).
    var response: PreparedResponse { self.decided.answer }
    private let decided: DecidedAnswer
    /// The request as it goes up: no body, all of it, or a stream.
    let body: UpstreamRequest.Body
    /// What the journal will say; set once the request is sent.
    private(set) var exchange: LiveExchange?
    /// Parts given to the transport (or waiting for it) and not yet
    /// taken: the client is not read while there are any.
    private(set) var partsInFlight = 0

    /// The most of a `truncated` answer of unknown length held before it
    /// goes out: past it, the answer is cut there, as if that were all.
    /// Every connection may hold this much.
    static let heldLimit = 1 << 20

    /// A request whose head just arrived: its body streams up as it comes,
    /// of the length the client announced if it did; none if the request
    /// has none (a GET must not gain a chunked body).
    init(streaming request: Request, _ response: PreparedResponse) {
        let chunked = request.head.headers.contains(name: "Transfer-Encoding")
        let length = chunked ? nil : request.head.headers.first(name: "Content-Length").flatMap(Int.init)
        let streams = chunked || (length ?? 0) > 0
        self.decided = DecidedAnswer(response)
        self.body = streams ? .stream(length: length) : .none
        self.state = State(upload: streams ? .awaitingWriter([], ended: false) : .none, answer: .awaitingHead)
    }

    /// A request that is all in: its body goes up whole.
    init(whole request: Request, _ response: PreparedResponse) {
        self.decided = DecidedAnswer(response)
        self.body = request.bodySize > 0 ? request.body.map(UpstreamRequest.Body.whole) ?? .none : .none
        self.state = State(upload: .none, answer: .awaitingHead)
    }

    var answer: Answer { self.state.answer }

    /// The client's body is not all read (nor given to the upstream).
    var bodyUnread: Bool {
        switch self.state.upload {
        case .awaitingWriter(_, let ended): !ended
        case .streaming: true
        case .none, .finished: false
        }
    }

    var stateName: String {
        switch self.state.answer {
        case .awaitingHead: "awaiting the upstream"
        case .relaying: "relaying"
        case .cutting: "relaying to cut"
        case .holding: "holding the upstream's answer"
        }
    }

    /// The request goes to the upstream now: the body it goes with, or
    /// `nil` if it went already (impossible).
    mutating func sent(_ exchange: LiveExchange) -> UpstreamRequest.Body? {
        guard self.exchange == nil else { return nil }
        self.exchange = exchange
        return self.body
    }

    // MARK: The upload

    mutating func bodyPartReceived(_ buffer: ByteBuffer) -> Action {
        self.partsInFlight += 1
        switch self.state.upload {
        case .awaitingWriter(var parts, let ended) where !ended:
            self.state.upload = .finished
            parts.append(buffer)
            self.state.upload = .awaitingWriter(parts, ended: false)
            return .none
        case .streaming(let writer, _):
            return .uploadPart(buffer, to: writer)
        case .none, .finished, .awaitingWriter:
            return .dropPart
        }
    }

    /// The transport took a part (or one was dropped).
    mutating func partTaken() {
        self.partsInFlight = max(0, self.partsInFlight - 1)
    }

    mutating func writerReady(_ writer: any UpstreamBodyWriter, done: EventLoopPromise<Void>) -> Action {
        guard case .awaitingWriter(let parts, let ended) = self.state.upload else { return .refuseWriter(done) }
        self.state.upload = ended ? .finished : .streaming(writer, done: done)
        return .startUpload(parts, to: writer, end: ended ? done : nil)
    }

    mutating func requestEnded() -> Action {
        switch self.state.upload {
        case .awaitingWriter(let parts, _):
            self.state.upload = .awaitingWriter(parts, ended: true)
            return .none
        case .streaming(_, let done):
            self.state.upload = .finished
            return .endUpload(done)
        case .none, .finished:
            return .none
        }
    }

    /// The upload stops short: the promise the transport waits on, if it
    /// asked for the body, is to be failed.
    mutating func abandonUpload() -> EventLoopPromise<Void>? {
        defer { self.state.upload = .finished }
        if case .streaming(_, let done) = self.state.upload { return done }
        return nil
    }
}

/// The upstream's answer: its head, its body, its end or its failure, and
/// the client leaving under it. A relayed answer goes out as it comes, with
/// back-pressure (each part's write is what the transport waits on before
/// it reads the next); a `truncated` one is cut at its half, streamed when
/// the upstream gave its length, held whole otherwise.
extension UpstreamStateMachine {
    /// The upstream's head. `mayHold`: false while the client still
    /// uploads, whose answer cannot wait for the whole body.
    mutating func headReceived(
        _ upstreamHead: HTTPResponseHead, for request: Request, now: NIODeadline, mayHold: Bool = true
    ) -> Action {
        guard case .awaitingHead = self.state.answer else { return .unexpected("an upstream head") }
        if upstreamHead.status == .switchingProtocols {
            // No `Upgrade` ever goes up, so the upstream had no reason to;
            // the bytes after a 101 are another protocol, which cannot be
            // relayed as an HTTP answer: a 502 before anything went out.
            return .failUpstream(.switchedProtocols)
        }
        let length = Self.bodyLength(upstreamHead)
        var headers = UpstreamHeaders.response(upstreamHead.headers)
        RateLimitAnswer.restamp(self.response.rateVerdict, on: &headers)
        if request.fromPage { CORS.allowLive(request.head, in: &headers) }
        self.exchange?.answered = now
        self.exchange?.head = HTTPResponseHead(
            version: upstreamHead.version, status: upstreamHead.status, headers: headers)
        if self.response.cutsLiveAnswer {
            guard let length else {
                if mayHold {
                    self.state.answer = .holding
                    return .none
                }
                return self.startCut(request, promising: 0, now: now)
            }
            return self.startCut(request, promising: length, now: now)
        }
        if !AnswerClose(keepAlive: request.keepAlive, slowClose: self.exchange?.slowClose).keepsConnection {
            headers.replaceOrAdd(name: "Connection", value: "close")
        } else if request.head.version == .http1_0 {
            headers.replaceOrAdd(name: "Connection", value: "keep-alive")
        }
        let bodyless = Self.hasNoBody(request, upstreamHead.status)
        self.exchange?.promised = bodyless ? 0 : length
        self.state.answer = .relaying
        return .writeHead(
            HTTPResponseHead(version: request.head.version, status: upstreamHead.status, headers: headers),
            raw: bodyless, last: self.lastByteOut)
    }

    /// `truncated` on an answer whose length the upstream gave: the head
    /// promises 1 KB past it, as `truncated` does for a fixture's body, and
    /// the body's first half streams as it comes; then the connection
    /// closes and the upstream request is cancelled. Nothing is held, so
    /// it is not recorded.
    private mutating func startCut(_ request: Request, promising length: Int, now: NIODeadline) -> Action {
        var promised = self.relayed(now: now)
        let sent = promised.promise(.half, of: length)
        // Journaled as it went out.
        self.exchange?.head = HTTPResponseHead(version: .http1_1, status: promised.status, headers: promised.headers)
        let half = request.head.method == .HEAD ? 0 : sent
        self.state.answer = .cutting(left: half)
        return .writeCutHead(request, promised, cutNow: half == 0)
    }

    /// A part of the upstream's body.
    mutating func bodyPartReceived(_ buffer: ByteBuffer, for request: Request, now: NIODeadline) -> Action {
        switch self.state.answer {
        case .awaitingHead:
            return .unexpected("an upstream body part")
        case .relaying:
            if let admitted = self.exchange?.limit?.admit(buffer.readableBytes) {
                let part = buffer.getSlice(at: buffer.readerIndex, length: admitted.bytes) ?? ByteBuffer()
                self.exchange?.capture(part)
                return .write(part, paced: self.paced, last: self.lastByteOut, thenCut: admitted.cut)
            }
            self.exchange?.capture(buffer)
            return .write(buffer, paced: self.paced, last: self.lastByteOut, thenCut: false)
        case .cutting(let left):
            // Up to its half, then the cut.
            let part = buffer.getSlice(at: buffer.readerIndex, length: min(left, buffer.readableBytes)) ?? buffer
            self.state.answer = .cutting(left: left - part.readableBytes)
            self.exchange?.capture(part, recording: false)
            return .write(part, paced: self.paced, last: false, thenCut: left == part.readableBytes)
        case .holding:
            let relayed = self.exchange?.relayed ?? 0
            guard relayed + buffer.readableBytes > Self.heldLimit else {
                self.exchange?.capture(buffer)
                return .none
            }
            // Cut where it is, as if the parts so far were all of it, and
            // not recorded.
            return .answer(
                request, self.heldCut(now: now), keep: nil, cancel: true, abandon: self.abandonUpload())
        }
    }

    /// The upstream's answer ended. (A streamed cut ends the same way when
    /// its half is out: `cutReached`.)
    mutating func ended(for request: Request, now: NIODeadline) -> Action {
        switch self.state.answer {
        case .awaitingHead:
            return .unexpected("an upstream end")
        case .cutting:
            return self.cutReached(for: request, now: now)
        case .holding:
            return .answer(
                request, self.heldCut(now: now), keep: self.exchange, cancel: false, abandon: self.abandonUpload())
        case .relaying:
            let relayed = self.relayed(now: now)
            let bodyless = Self.hasNoBody(request, relayed.status)
            let close = AnswerClose(
                keepAlive: request.keepAlive, slowClose: self.exchange?.slowClose, bodyUnread: self.bodyUnread)
            return .finish(
                request, relayed, keep: self.exchange, bodyless: bodyless, close: close,
                abandon: self.abandonUpload())
        }
    }

    /// A streamed cut's last byte is out (`truncated`'s half, or as much
    /// as `limit_data` lets through): journaled as such a cut journals a
    /// fixture's, the upstream's answer stopped (its failure, reported
    /// then, is ignored), and the connection closed.
    mutating func cutReached(for request: Request, now: NIODeadline) -> Action {
        switch self.state.answer {
        case .cutting, .relaying: break
        case .awaitingHead, .holding: return .unexpected("a cut")
        }
        var cut = self.relayed(now: now)
        cut.plan = .answer(AnswerPlan.BodyPlan(rate: self.exchange?.bandwidth, cut: .after(cut.body.readableBytes)))
        return .end(
            request, cut, .answered(Int(cut.status.code)), keep: nil, cancel: true, close: true,
            abandon: self.abandonUpload())
    }

    /// The upstream request failed: a 502 or 504 if nothing went out yet
    /// (nor will a held answer), else the answer is cut short.
    mutating func failed(_ failure: UpstreamFailure, for request: Request, now: NIODeadline) -> Action {
        let abandon = self.abandonUpload()
        switch self.state.answer {
        case .awaitingHead, .holding:
            var answer = self.response
            var upstream: UpstreamURL?
            if case .relay(let planned, _) = self.response.plan { upstream = planned }
            answer.answer(
                failure, upstream: self.exchange?.upstream ?? upstream,
                outcome: self.exchange?.outcome(now: now, failure: failure.words)
                    ?? UpstreamOutcome(time: .zero, failure: failure.words))
            return .answer(request, answer, keep: nil, cancel: false, abandon: abandon)
        case .relaying, .cutting:
            guard self.exchange?.clientGone != true else {
                // Our own write failed: the transport reports its error,
                // but it was the client that left, not the upstream.
                return .end(
                    request, self.leftResponse(now: now), .clientLeft, keep: nil, cancel: false, close: true,
                    abandon: abandon)
            }
            var relayed = self.relayed(now: now)
            relayed.notes.upstream?.failure = failure.words + " mid-body"
            return .end(
                request, relayed, .answered(Int(relayed.status.code)), keep: nil, cancel: false, close: true,
                abandon: abandon)
        }
    }

    /// The client's connection closed: answered if it had the whole
    /// answer (a 302 or a HEAD answer is only its head), even if the
    /// upstream's end had not come; else the client left, and the upstream
    /// is not blamed. The upstream request is cancelled either way.
    mutating func clientClosed(_ request: Request, now: NIODeadline) -> Action {
        let abandon = self.abandonUpload()
        guard self.exchange?.delivered == true else {
            return .end(
                request, self.leftResponse(now: now), .clientLeft, keep: nil, cancel: true, close: false,
                abandon: abandon)
        }
        let relayed = self.relayed(now: now)
        return .end(
            request, relayed, .answered(Int(relayed.status.code)), keep: self.exchange, cancel: true, close: false,
            abandon: abandon)
    }

    /// The upload stops before its end (the client left, its body was
    /// unreadable or stopped arriving): the upstream request is cancelled,
    /// so the upstream sees its connection cut mid-body, and the journal
    /// says why.
    mutating func aborted(
        _ request: Request, why: String, status: JournalEntry.Status, now: NIODeadline
    ) -> Action {
        var response = self.response
        response.notes.upstream =
            self.exchange?.outcome(now: now, failure: why) ?? UpstreamOutcome(time: .zero, failure: why)
        return .end(request, response, status, keep: nil, cancel: true, close: false, abandon: self.abandonUpload())
    }

    /// A write of the answer to the client completed: once its last
    /// promised byte is out the client has it whole; a failed one means
    /// the client is gone.
    mutating func clientWrite(last: Bool, succeeded: Bool) {
        if !succeeded {
            self.exchange?.clientGone = true
        } else if last {
            self.exchange?.delivered = true
        }
    }

    /// The next piece of a part with `available` bytes left to write, as
    /// the exchange's pacer gives it from the upstream's head on: its size
    /// and when it is due.
    mutating func nextPiece(available: Int, now: NIODeadline) -> (length: Int, due: NIODeadline)? {
        let answered = self.exchange?.answered ?? now
        let piece = self.exchange?.pacer.next(available: available, now: Self.since(answered, now))
        return piece.map { ($0.length, answered + TimeAmount($0.at)) }
    }

    mutating func pieceLeft(at time: NIODeadline) {
        guard let answered = self.exchange?.answered else { return }
        self.exchange?.pacer.left(at: Self.since(answered, time))
    }

    private static func since(_ start: NIODeadline, _ time: NIODeadline) -> Duration {
        .nanoseconds((time - start).nanoseconds)
    }
}
