import NIOCore
import NIOHTTP1
import SwitchboardCore

/// `live`: the request goes to the upstream, and its answer comes back
/// through this connection as it arrives, with back-pressure (see
/// `LiveRelay`). Everything about it is decided by the connection's
/// `UpstreamStateMachine`; this does the I/O its actions ask for (the
/// handler's `run` hands them here), and reports what became of it to the
/// machine through its handler, as `LiveRelay` reports the transport's
/// events.
///
/// One per connection, made with its first live request.
final class LiveRelayDriver {
    typealias Request = ConnectionStateMachine.Request

    /// Holds this driver: never outlived by it.
    private unowned let handler: RequestHandler
    private let responder: Responder
    private let writer: AnswerWriter
    /// The live request on its way to the upstream, while there is one
    /// (what it decides is in the connection's `UpstreamStateMachine`).
    private var call: (any UpstreamCall)?
    /// The client's address as live requests' `X-Forwarded-For` names it,
    /// once looked up (`.some(nil)`: it has none).
    private var forwardedFor: String??

    init(handler: RequestHandler) {
        self.handler = handler
        self.responder = handler.responder
        self.writer = handler.writer
    }

    private var connection: ConnectionStateMachine {
        _read { yield self.handler.connection }
        _modify { yield &self.handler.connection }
    }

    /// Sends a `live` request, its exchange under way in the connection's
    /// state: its head just arrived and its body follows as it arrives
    /// (`.stream`), or it is all in (`.relay`).
    func forward(_ request: Request, _ response: PreparedResponse, context: ChannelHandlerContext) {
        guard case .relay(let upstream, let plan) = response.plan else { return }
        let now = context.eventLoop.now
        guard let upstream else {
            self.handler.run(self.connection.upstreamFailed(.noUpstream, now: now), context: context)
            return
        }
        let transport: any UpstreamTransport
        switch self.responder.upstream?.transport ?? .failure(.notLinked) {
        case .success(let made): transport = made
        case .failure(let failure):
            self.handler.run(self.connection.upstreamFailed(failure, now: now), context: context)
            return
        }
        let exchange = LiveExchange(
            sent: now, upstream: upstream, bandwidth: plan.rate, toxics: AnswerScript.toxics(actingOn: response),
            slicer: self.writer.slicerDraws(for: response))
        guard let body = self.connection.upstreamSending(exchange) else {
            self.handler.unexpected(self.connection.unexpected("a request sent"), context: context)
            return
        }
        let outgoing = UpstreamRequest(
            url: upstream.url(for: request.head.uri), method: request.head.method,
            headers: UpstreamHeaders.request(
                request.head.headers, upstream: upstream, client: self.clientAddress(context)),
            body: body)
        do {
            let call = try transport.send(
                outgoing, on: context.eventLoop, to: LiveRelay(handler: self.handler, context: context))
            // A failure can be reported before `send` returns.
            if self.connection.exchangeUnderWay { self.call = call }
        } catch {
            let failure = UpstreamFailure(
                status: .badGateway, words: "the request target is not a URL the upstream can take")
            self.handler.run(self.connection.upstreamFailed(failure, now: now), context: context)
        }
    }

    /// The client's address for `X-Forwarded-For`, found once per
    /// connection: `SocketAddress.ipAddress` formats it anew each time
    /// (2,900 instructions a live request).
    private func clientAddress(_ context: ChannelHandlerContext) -> String? {
        if let known = self.forwardedFor { return known }
        let address = context.channel.remoteAddress?.ipAddress
        self.forwardedFor = .some(address)
        return address
    }

    /// Performs what the exchange decided (`run`'s `.upstream`). Returns
    /// what the transport waits on before it reads on: the write of a
    /// relayed part, or a failure.
    @discardableResult
    func run(
        _ action: consuming UpstreamStateMachine.Action, context: ChannelHandlerContext
    ) -> EventLoopFuture<Void> {
        let done = context.eventLoop.makeSucceededVoidFuture()
        switch consume action {
        case .none, .ignore:
            break
        case .unexpected(let event):
            self.handler.unexpected(event, context: context)
        case .uploadPart(let part, let writer):
            self.writeUpload(part, with: writer, context: context)
        case .startUpload(let parts, let writer, let end):
            for part in parts { self.writeUpload(part, with: writer, context: context) }
            end?.succeed()
        case .endUpload(let promise):
            promise.succeed()
        case .dropPart:
            self.handler.uploadPartTaken(context: context)
        case .refuseWriter(let promise):
            promise.fail(UploadAbandoned())
        case .failUpstream(let failure):
            // Fails the transport's request; its error comes back through
            // `upstreamFailed`: a 502 before anything went out.
            return context.eventLoop.makeFailedFuture(failure)
        case .writeHead(let head, let raw, let last):
            self.writer.headSentAt = context.eventLoop.now
            if raw, let wire = self.writer.wire {
                // An answer without a body goes out as bytes: the encoder,
                // not knowing the request was HEAD, would frame a body that
                // never comes, and it drops a 304's Content-Length.
                return self.watch(wire.writeAndFlush(NIOAny(ResponseHeadBytes.bytes(head))), last: last)
            }
            return self.watch(context.writeAndFlush(AnswerWriter.part(.head(head))), last: last)
        case .writeCutHead(let request, let promised, let cutNow):
            self.writer.writeHead(promised, for: request, context: context)
            context.flush()
            if cutNow { self.handler.run(self.connection.cutReached(now: context.eventLoop.now), context: context) }
        case .write(let part, let paced, let last, let thenCut):
            let written =
                paced
                ? self.writePieces(of: part, context: context)
                : context.writeAndFlush(AnswerWriter.part(.body(.byteBuffer(part))))
            return self.watch(self.cutAfter(thenCut, written, context), last: last)
        case .finish(let request, let response, let keep, let bodyless, let close, let abandon):
            self.endExchange(request, response, keep: keep, cancel: false, abandon: abandon)
            let status = JournalEntry.Status.answered(Int(response.status.code))
            if let keep, let contract = self.responder.current.snapshot.manifest.contract(of: response) {
                self.journalDrift(of: keep, request, response, status: status, against: contract, context: context)
            } else {
                self.writer.record(request, response, status: status, now: context.eventLoop.now)
            }
            self.endRelayed(request, bodyless: bodyless, close: close, context: context)
        case .answer(let request, let response, let keep, let cancel, let abandon):
            let call = self.call
            self.endExchange(request, response, keep: keep, cancel: false, abandon: abandon)
            self.writer.perform(response, for: request, context: context)
            // After the answer: the failure a cancelled read reports is ignored.
            if cancel { call?.cancel() }
        case .end(let request, let response, let status, let keep, let cancel, let close, let abandon):
            self.endExchange(request, response, keep: keep, cancel: cancel, abandon: abandon)
            self.writer.record(request, response, status: status, now: context.eventLoop.now)
            if close { self.writer.writeRawAndClose(ByteBuffer(), context: context) }
        }
        return done
    }

    /// Journals a whole live answer once it is checked for drift, off the
    /// loop (`OffLoopWork`: a check may take its 2,000,000 steps a value),
    /// as it ended: the answer is relayed already, and the connection goes
    /// on meanwhile.
    private func journalDrift(
        of keep: LiveExchange, _ request: Request, _ response: PreparedResponse, status: JournalEntry.Status,
        against contract: any EndpointContract, context: ChannelHandlerContext
    ) {
        let ended = context.eventLoop.now
        let headSentAt = self.writer.takeHeadSentAt()
        let check = keep.driftCheck(for: request.head, against: contract)
        self.responder.checks.run(on: context.eventLoop, check).assumeIsolated().whenComplete { result in
            var checked = response
            // The pool stopped (the server is stopping): journaled unchecked.
            checked.notes.upstream?.drift = (try? result.get()) ?? []
            self.writer.record(request, checked, status: status, now: ended, headSentAt: headSentAt)
        }
    }

    /// The exchange is over: the upload given up, the upstream request
    /// cancelled if asked, the answer kept for recording if whole.
    private func endExchange(
        _ request: Request, _ response: PreparedResponse, keep: LiveExchange?, cancel: Bool,
        abandon: EventLoopPromise<Void>?
    ) {
        abandon?.fail(UploadAbandoned())
        if cancel { self.call?.cancel() }
        self.call = nil
        guard let keep else { return }
        let manifest = self.responder.current.snapshot.manifest
        if let answer = LiveAnswers.Answer(keep, for: request.head, response, in: manifest) {
            self.responder.answers.keep(answer)
        }
    }

    /// Ends a relayed answer that came whole: through the encoder, or as
    /// no bytes at all when it has no body (its head went out as bytes,
    /// past the encoder, and an end through it could add a last chunk that
    /// a bodiless answer never has); then on, or closed as `close` says.
    private func endRelayed(
        _ request: Request, bodyless: Bool, close: AnswerClose, context: ChannelHandlerContext
    ) {
        switch close {
        case .keepAlive where !bodyless, .close where !bodyless:
            self.writer.writeEnd(keepAlive: close == .keepAlive, context: context)
        case .keepAlive:
            self.handler.answerStepped(.finished(at: context.eventLoop.now), context: context)
        case .close:
            self.connection.closing()
            self.writer.writeRawAndClose(ByteBuffer(), context: context)
        case .closeLate(let delay):
            self.connection.closing()
            self.writer.closeLate(
                after: delay, once: self.writeRelayedEnd(bodyless: bodyless, context: context), context: context)
        case .linger:
            self.connection.closing()
            self.writeRelayedEnd(bodyless: bodyless, context: context).assumeIsolated().whenComplete { _ in
                self.handler.lingerThenClose(context: context)
            }
        }
    }

    private func writeRelayedEnd(bodyless: Bool, context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        if bodyless, let wire = self.writer.wire { return wire.writeAndFlush(NIOAny(ByteBuffer())) }
        return context.writeAndFlush(AnswerWriter.part(.end(nil)))
    }

    /// The transport can take the body now (`LiveRelay.bodyWriterReady`):
    /// the returned future completes when it has ended, or fails when it
    /// never will.
    func uploadWriterReady(_ writer: any UpstreamBodyWriter, context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        let done = context.eventLoop.makePromise(of: Void.self)
        self.handler.run(self.connection.uploadWriterReady(writer, done: done), context: context)
        return done.futureResult
    }

    private func writeUpload(_ buffer: ByteBuffer, with writer: any UpstreamBodyWriter, context: ChannelHandlerContext)
    {
        writer.write(buffer).hop(to: context.eventLoop).assumeIsolated().whenComplete { _ in
            self.handler.uploadPartTaken(context: context)
        }
    }

    /// Watches a write of the answer to the client, for the journal of a
    /// client that closes before the upstream's end (see
    /// `UpstreamStateMachine.clientClosed`). Returns `written`.
    private func watch(_ written: EventLoopFuture<Void>, last: Bool) -> EventLoopFuture<Void> {
        written.assumeIsolated().whenComplete { result in
            if case .failure = result {
                self.connection.clientWrite(last: last, succeeded: false)
            } else if last {
                // Only the last write's success says anything (the client
                // has it all): the others' would take the exchange out of
                // the connection's state and put it back for nothing.
                self.connection.clientWrite(last: true, succeeded: true)
            }
        }
        return written
    }

    /// Once `written` is out, the cut, if `cut`. Registered before the
    /// transport's callback: the cut (and the cancel) come before it could
    /// read on.
    private func cutAfter(
        _ cut: Bool, _ written: EventLoopFuture<Void>, _ context: ChannelHandlerContext
    ) -> EventLoopFuture<Void> {
        guard cut else { return written }
        written.assumeIsolated().whenComplete { _ in
            self.handler.run(self.connection.cutReached(now: context.eventLoop.now), context: context)
        }
        return written
    }

    /// Writes `part` a piece at a time as the exchange's pacer allows
    /// (a bandwidth, the slicer), each when it is due, and completes once the last is written (or the exchange
    /// is over: the upstream failed, and the connection is being closed).
    private func writePieces(of part: ByteBuffer, context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        guard part.readableBytes > 0,
            let piece = self.connection.nextPiece(available: part.readableBytes, now: context.eventLoop.now)
        else {
            return context.eventLoop.makeSucceededVoidFuture()
        }
        var rest = part
        let slice = rest.readSlice(length: piece.length) ?? ByteBuffer()
        let promise = context.eventLoop.makePromise(of: Void.self)
        let write = {
            guard self.connection.exchangeUnderWay else { return promise.succeed() }
            self.connection.pieceLeft(at: context.eventLoop.now)
            context.writeAndFlush(AnswerWriter.part(.body(.byteBuffer(slice)))).assumeIsolated()
                .flatMap { self.writePieces(of: rest, context: context) }
                .nonisolated().cascade(to: promise)
        }
        if piece.due <= context.eventLoop.now {
            write()
        } else {
            let scheduled = context.eventLoop.assumeIsolated().scheduleTask(deadline: piece.due) { write() }
            // A timer cancelled with its loop must still answer the transport.
            scheduled.futureResult.whenFailure { promise.fail($0) }
        }
        return promise.futureResult
    }
}
