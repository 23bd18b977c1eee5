import NIOCore
import NIOHTTP1
import SwitchboardCore

/// `live`: the request goes to the upstream, and its answer comes back
/// through this connection as it arrives, with back-pressure (see
/// `LiveRelay`). A failure before the answer began is a 502 (or a 504 for a
/// timeout) with JSON saying what failed; after, the response is cut short.
extension RequestHandler {
    /// Sends a `live` request. `streaming`: its head just arrived, and its
    /// body follows as it arrives (see `RequestHandler+Upload`); otherwise
    /// it is all in.
    func forward(
        _ request: Request, _ response: PreparedResponse, streaming: Bool = false, context: ChannelHandlerContext
    ) {
        guard case .relay(let upstream, let plan) = response.plan else { return }
        let bandwidth = plan.rate
        guard let upstream else {
            self.failBeforeSending(
                .noUpstream, request, response, upstream: nil, streaming: streaming, context: context)
            return
        }
        let transport: any UpstreamTransport
        switch self.responder.upstream?.transport ?? .failure(.notLinked) {
        case .success(let made): transport = made
        case .failure(let failure):
            self.failBeforeSending(
                failure, request, response, upstream: upstream, streaming: streaming, context: context)
            return
        }
        let body: UpstreamRequest.Body
        if streaming {
            body = self.uploadBody(request)
        } else {
            body = request.bodySize > 0 ? request.body.map(UpstreamRequest.Body.whole) ?? .none : .none
        }
        let outgoing = UpstreamRequest(
            url: upstream.url(for: request.head.uri), method: request.head.method,
            headers: UpstreamHeaders.request(
                request.head.headers, upstream: upstream, client: context.channel.remoteAddress?.ipAddress),
            body: body)
        if !streaming {
            guard self.check(self.connection.upstreamStarted(request, response), request, response, context: context)
            else { return }
        }
        self.live = LiveExchange(sent: context.eventLoop.now, upstream: upstream, bandwidth: bandwidth)
        self.live?.toxics = self.liveToxics(for: response)
        do {
            let call = try transport.send(
                outgoing, on: context.eventLoop, to: LiveRelay(handler: self, context: context))
            // A failure can be reported before `send` returns.
            if self.live != nil { self.live?.task = call }
        } catch {
            self.upstreamFailed(
                UpstreamFailure(status: .badGateway, words: "the request target is not a URL the upstream can take"),
                context: context)
        }
    }

    /// A live request that cannot be sent: 502. An upload's body has not
    /// been read, so the connection closes after the answer.
    private func failBeforeSending(
        _ failure: UpstreamFailure, _ request: Request, _ response: PreparedResponse, upstream: UpstreamURL?,
        streaming: Bool, context: ChannelHandlerContext
    ) {
        guard streaming else {
            self.answerFailure(failure, request, response, upstream: upstream, context: context)
            return
        }
        guard case .answer(let request, let response) = self.connection.upstreamFailed() else { return }
        self.answerFailure(failure, request, response, upstream: upstream, context: context)
    }

    /// The upstream answered: its head goes to the client as it came,
    /// but for hop-by-hop fields and this connection's own framing.
    func upstreamHead(_ upstreamHead: HTTPResponseHead, context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        if upstreamHead.status == .switchingProtocols {
            // No `Upgrade` ever goes up, so the upstream had no reason to; the
            // bytes after a 101 are another protocol, which cannot be relayed
            // as an HTTP answer. A failed future fails the task, and its error
            // comes back through `upstreamFailed`: a 502 before anything went out.
            return context.eventLoop.makeFailedFuture(UpstreamFailure.switchedProtocols)
        }
        let length = Self.bodyLength(upstreamHead)
        let action = self.connection.upstreamHeadReceived(lengthKnown: length != nil)
        switch action {
        case .relay(let request, let response), .hold(let request, let response):
            var headers = UpstreamHeaders.response(upstreamHead.headers)
            RateLimitAnswer.restamp(response.rateVerdict, on: &headers)
            if request.fromPage { CORS.allowLive(request.head, in: &headers) }
            self.live?.answered = context.eventLoop.now
            self.live?.head = HTTPResponseHead(
                version: upstreamHead.version, status: upstreamHead.status, headers: headers)
            // Held: nothing goes out before the body is whole (see `cutLiveAnswer`).
            if case .hold = action { return context.eventLoop.makeSucceededVoidFuture() }
            if response.cutsLiveAnswer {
                return self.startCut(request, response, promising: length ?? 0, context: context)
            }
            if !request.keepAlive || self.live?.toxics?.slowClose != nil {
                headers.replaceOrAdd(name: "Connection", value: "close")
            } else if request.head.version == .http1_0 {
                headers.replaceOrAdd(name: "Connection", value: "keep-alive")
            }
            let head = HTTPResponseHead(version: request.head.version, status: upstreamHead.status, headers: headers)
            self.headSentAt = context.eventLoop.now
            let bodyless = Self.hasNoBody(request, upstreamHead.status)
            self.live?.promised = bodyless ? 0 : length
            if bodyless, let raw = self.wireContext {
                // An answer without a body goes out as bytes: the encoder,
                // not knowing the request was HEAD, would frame a body that
                // never comes, and it drops a 304's Content-Length.
                return self.watch(raw.writeAndFlush(NIOAny(Self.encode(head))))
            }
            return self.watch(context.writeAndFlush(self.wrapOutboundOut(.head(head))))
        case .ignore:
            return context.eventLoop.makeSucceededVoidFuture()
        case .unexpected(let event):
            self.unexpected(event, context: context)
            return context.eventLoop.makeSucceededVoidFuture()
        }
    }

    /// A part of the upstream's body: written now, or when a bandwidth
    /// limit allows; the upstream is read on once it is written.
    func upstreamBodyPart(_ buffer: ByteBuffer, context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        switch self.connection.upstreamBodyReceived() {
        case .write:
            // `self.live` is changed in place, never through a copy: see
            // `LiveExchange.capture`.
            guard self.live != nil else { return context.eventLoop.makeSucceededVoidFuture() }
            if self.live?.toxics != nil { return self.watch(self.relayThroughToxics(buffer, context: context)) }
            guard let left = self.live?.cutAfter else {
                self.live?.capture(buffer)
                return self.watch(self.send(buffer, context: context))
            }
            // A streamed `truncated` answer: up to its half, then the cut.
            let part = buffer.getSlice(at: buffer.readerIndex, length: min(left, buffer.readableBytes)) ?? buffer
            self.live?.cutAfter = left - part.readableBytes
            self.live?.capture(part)
            let written = self.watch(self.send(part, context: context))
            guard self.live?.cutAfter == 0 else { return written }
            // Registered before the client's: the cut (and the cancel) come
            // before it could read on.
            written.assumeIsolated().whenComplete { _ in self.endStreamedCut(context: context) }
            return written
        case .hold:
            self.hold(buffer, context: context)
            return context.eventLoop.makeSucceededVoidFuture()
        case .ignore:
            return context.eventLoop.makeSucceededVoidFuture()
        case .unexpected(let event):
            self.unexpected(event, context: context)
            return context.eventLoop.makeSucceededVoidFuture()
        }
    }

    func upstreamEnd(context: ChannelHandlerContext) {
        switch self.connection.upstreamFinished() {
        case .finish(let request, let response) where response.cutsLiveAnswer:
            guard self.live?.cutAfter == nil else {
                self.cutStreamed(request, response, context: context)
                return
            }
            self.keepLiveAnswer(request, response)
            self.cutLiveAnswer(request, response, context: context)
        case .finish(let request, let response):
            let bodyUnread = self.upload != nil
            self.abandonUpload()
            let relayed = self.relayed(response, now: context.eventLoop.now)
            self.keepLiveAnswer(request, response)
            let slowClose = self.live?.toxics?.slowClose
            self.live = nil
            self.record(request, relayed, status: .answered(Int(relayed.status.code)), now: context.eventLoop.now)
            if bodyUnread {
                self.endBeforeUpload(bodyless: Self.hasNoBody(request, relayed.status), context: context)
                return
            }
            if let slowClose {
                self.endLiveClosingLate(
                    after: slowClose, bodyless: Self.hasNoBody(request, relayed.status), context: context)
                return
            }
            guard Self.hasNoBody(request, relayed.status) else {
                self.writeEnd(keepAlive: request.keepAlive, context: context)
                return
            }
            // The head went out as bytes, past the encoder: an end through
            // it could add a last chunk that a bodiless answer never has.
            if request.keepAlive {
                self.clock.responseFinished(now: context.eventLoop.now)
                self.resume(context: context)
            } else {
                self.connection.closing()
                self.writeRawAndClose(ByteBuffer(), context: context)
            }
        case .ignore:
            break
        case .unexpected(let event):
            self.unexpected(event, context: context)
        }
    }

    func upstreamFailed(_ failure: UpstreamFailure, context: ChannelHandlerContext) {
        // A 502 while the client still uploads: it must reach the client.
        if self.upload != nil { self.lingersOnClose = true }
        self.abandonUpload()
        switch self.connection.upstreamFailed() {
        case .answer(let request, let response):
            let upstream = self.live?.upstream
            self.answerFailure(failure, request, response, upstream: upstream, context: context)
        case .cutShort(let request, let response) where self.live?.clientGone == true:
            // Our own write failed: the transport reports its error, but it
            // was the client that left, not the upstream that failed.
            self.liveClientLeft(request, response, context: context)
            self.writeRawAndClose(ByteBuffer(), context: context)
        case .cutShort(let request, let response):
            var relayed = self.relayed(response, now: context.eventLoop.now)
            relayed.upstream?.failure = failure.words + " mid-body"
            self.live = nil
            self.record(request, relayed, status: .answered(Int(relayed.status.code)), now: context.eventLoop.now)
            self.writeRawAndClose(ByteBuffer(), context: context)
        case .ignore:
            break
        }
    }

    /// Ends a relayed answer: through the encoder, or as no bytes at all
    /// when it has no body (its head went out as bytes, past the encoder:
    /// see `upstreamHead`).
    func endRelayed(bodyless: Bool, context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        if bodyless, let raw = self.wireContext { return raw.writeAndFlush(NIOAny(ByteBuffer())) }
        return context.writeAndFlush(self.wrapOutboundOut(.end(nil)))
    }

    /// A relayed part, written now or when the profile's bandwidth allows.
    private func send(_ buffer: ByteBuffer, context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        let part = self.wrapOutboundOut(.body(.byteBuffer(buffer)))
        guard let bandwidth = self.live?.bandwidth, let answered = self.live?.answered,
            let relayed = self.live?.relayed
        else {
            return context.writeAndFlush(part)
        }
        // Each part leaves when the bytes before it would have, at the
        // profile's rate: the upstream is read no faster than that.
        let due = answered + .nanoseconds(Int64(Double(relayed) / Double(bandwidth) * 1e9))
        guard due > context.eventLoop.now else { return context.writeAndFlush(part) }
        let promise = context.eventLoop.makePromise(of: Void.self)
        let scheduled = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) {
            context.writeAndFlush(part, promise: promise)
        }
        // A timer cancelled with its loop must still answer the transport.
        scheduled.futureResult.whenFailure { promise.fail($0) }
        return promise.futureResult
    }

    /// A part of a live answer of unknown length that is to be cut short:
    /// kept until the body is whole. Past `LiveExchange.heldLimit` it is cut
    /// where it is, as if the parts so far were all of it, and not recorded:
    /// every connection may hold this much.
    private func hold(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        guard let relayed = self.live?.relayed else { return }
        guard relayed + buffer.readableBytes > LiveExchange.heldLimit else {
            self.live?.capture(buffer)
            return
        }
        let task = self.live?.task
        if case .finish(let request, let response) = self.connection.upstreamFinished() {
            self.cutLiveAnswer(request, response, context: context)
        }
        // After the cut: the failure a cancelled read reports is ignored.
        task?.cancel()
    }

    /// `truncated` on an answer whose length the upstream gave: the head
    /// promises 1 KB past it, as `truncated` does for a fixture's body,
    /// and the body's first half streams as it comes (at the profile's
    /// bandwidth, if it has one); then the connection closes and the
    /// upstream request is cancelled. Nothing is held, so it is not recorded.
    private func startCut(
        _ request: Request, _ response: PreparedResponse, promising length: Int, context: ChannelHandlerContext
    ) -> EventLoopFuture<Void> {
        var promised = self.relayed(response, now: context.eventLoop.now)
        let sent = promised.promise(.half, of: length)
        // Journaled as it went out.
        self.live?.head = HTTPResponseHead(version: .http1_1, status: promised.status, headers: promised.headers)
        self.writeHead(promised, for: request, context: context)
        context.flush()
        let half = request.head.method == .HEAD ? 0 : sent
        self.live?.cutAfter = half
        if half == 0 { self.endStreamedCut(context: context) }
        return context.eventLoop.makeSucceededVoidFuture()
    }

    /// The streamed half is out: the answer ends here.
    func endStreamedCut(context: ChannelHandlerContext) {
        // Not when the upstream failed first or the client left.
        guard case .finish(let request, let response) = self.connection.upstreamFinished() else { return }
        self.cutStreamed(request, response, context: context)
    }

    /// Journals the streamed half as `truncated` journals a fixture's, stops
    /// the upstream's answer (its failure, reported now, is ignored) and
    /// closes.
    private func cutStreamed(_ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext) {
        var cut = self.relayed(response, now: context.eventLoop.now)
        // Journaled as an answer cut after what went out.
        cut.plan = .answer(AnswerPlan.BodyPlan(rate: self.live?.bandwidth, cut: .after(cut.body.readableBytes)))
        let task = self.live?.task
        self.live = nil
        task?.cancel()
        self.cutShort(request, cut, context: context)
    }

    /// `truncated` on an answer of unknown length: the upstream's
    /// answer, held whole, goes out as `truncated` sends a fixture's (its
    /// plan, run by `perform`) — its status and headers with a Content-Length 1 KB
    /// past the body, half the body (at the profile's bandwidth, if it has
    /// one), then the connection closes.
    func cutLiveAnswer(_ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext) {
        var cut = self.relayed(response, now: context.eventLoop.now)
        cut.body = self.live?.body.joined ?? ByteBuffer()
        cut.plan = .answer(AnswerPlan.BodyPlan(rate: self.live?.bandwidth, cut: .half))
        self.live = nil
        self.perform(cut, for: request, context: context)
    }

    /// 502 or 504 with JSON saying what failed, journaled with the cause.
    func answerFailure(
        _ failure: UpstreamFailure, _ request: Request, _ response: PreparedResponse, upstream: UpstreamURL?,
        context: ChannelHandlerContext
    ) {
        var answer = response
        let now = context.eventLoop.now
        answer.answer(
            failure, upstream: upstream,
            outcome: self.live?.outcome(now: now, failure: failure.words)
                ?? UpstreamOutcome(time: .zero, failure: failure.words))
        self.live = nil
        self.perform(answer, for: request, context: context)
    }

    /// The prepared response with what the upstream sent, for the journal.
    func relayed(_ response: PreparedResponse, now: NIODeadline) -> PreparedResponse {
        var relayed = response
        guard let live = self.live else { return relayed }
        if let head = live.head {
            relayed.status = head.status
            relayed.headers = head.headers
        }
        relayed.body = live.captured
        relayed.head = nil
        relayed.wire = nil
        relayed.upstream = live.outcome(now: now)
        return relayed
    }

    /// The body's length as the upstream gave it; nil when chunked or
    /// delimited by the close.
    static func bodyLength(_ head: HTTPResponseHead) -> Int? {
        guard !head.headers.contains(name: "Transfer-Encoding") else { return nil }
        return head.headers.first(name: "Content-Length").flatMap { Int($0) }
    }

    /// HEAD answers, 1xx, 204 and 304 (RFC 9110 §6.4.1).
    static func hasNoBody(_ request: Request, _ status: HTTPResponseStatus) -> Bool {
        request.head.method == .HEAD || status.code < 200 || status == .noContent || status == .notModified
    }

    /// A response head as bytes, for answers without a body.
    static func encode(_ head: HTTPResponseHead) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeString(
            "HTTP/\(head.version.major).\(head.version.minor) \(head.status.code) \(head.status.reasonPhrase)\r\n")
        for (name, value) in head.headers {
            buffer.writeString(name)
            buffer.writeString(": ")
            buffer.writeString(value)
            buffer.writeString("\r\n")
        }
        buffer.writeString("\r\n")
        return buffer
    }
}
