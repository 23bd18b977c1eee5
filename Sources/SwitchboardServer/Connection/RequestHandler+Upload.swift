import NIOCore
import NIOHTTP1
import SwitchboardCore

/// A live request whose body streams to the upstream as it arrives, with
/// back-pressure both ways: a part goes to the transport's body writer,
/// and the client is read again only once the writer takes it
/// (`ConnectionStateMachine.uploadPartTaken`).
extension RequestHandler {
    /// The upstream request's body: a stream the transport asks for when
    /// its connection is ready (`LiveRelay.bodyWriterReady`), of the length
    /// the client announced if it did; none if the request has none (a GET
    /// must not gain a chunked body).
    func uploadBody(_ request: Request) -> UpstreamRequest.Body {
        let chunked = request.head.headers.contains(name: "Transfer-Encoding")
        let length = chunked ? nil : request.head.headers.first(name: "Content-Length").flatMap(Int.init)
        guard chunked || (length ?? 0) > 0 else { return .none }
        self.upload = LiveUpload()
        return .stream(length: length)
    }

    func uploadWriterReady(_ writer: any UpstreamBodyWriter, context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        guard var upload = self.upload else { return context.eventLoop.makeFailedFuture(LiveUpload.Abandoned()) }
        let done = context.eventLoop.makePromise(of: Void.self)
        upload.writer = writer
        upload.done = done
        let waiting = upload.waiting
        upload.waiting = []
        self.upload = upload
        for part in waiting { self.writeUpload(part, with: writer, context: context) }
        if upload.ended {
            self.upload = nil
            done.succeed()
        }
        return done.futureResult
    }

    /// A part of the body: to the upstream, or kept until it can take it.
    func uploadPart(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        guard var upload = self.upload else {
            // Nowhere to go: dropped, and the read it holds back is let go.
            self.uploadPartTaken(context: context)
            return
        }
        guard let writer = upload.writer else {
            self.upload = nil
            upload.waiting.append(buffer)
            self.upload = upload
            return
        }
        self.writeUpload(buffer, with: writer, context: context)
    }

    private func writeUpload(
        _ buffer: ByteBuffer, with writer: any UpstreamBodyWriter, context: ChannelHandlerContext
    ) {
        writer.write(buffer).hop(to: context.eventLoop).assumeIsolated().whenComplete { _ in
            self.uploadPartTaken(context: context)
        }
    }

    /// The upstream took a part: reading goes on, and the time spent
    /// waiting for the upstream does not count toward the body's deadline.
    private func uploadPartTaken(context: ChannelHandlerContext) {
        guard self.connection.uploadPartTaken() else { return }
        self.clock.bodyArrived(now: context.eventLoop.now)
        self.armClockIfEarlier(context: context)
        context.read()
    }

    /// The request's end: the upstream request's body ends too.
    func endUpload() {
        guard var upload = self.upload else { return }
        guard let done = upload.done else {
            upload.ended = true
            self.upload = upload
            return
        }
        self.upload = nil
        done.succeed()
    }

    /// The upload stops short (the client left, its body was malformed, the
    /// upstream answered or failed first): the transport is told, so no
    /// promise is left behind.
    func abandonUpload() {
        guard let upload = self.upload else { return }
        self.upload = nil
        upload.done?.fail(LiveUpload.Abandoned())
    }

    /// The client left, or sent what cannot be read, before the end of its
    /// upload: the upstream request is cancelled (the upstream sees its
    /// connection cut mid-body) and the journal says why.
    func abortUpload(
        _ request: Request, _ response: PreparedResponse, why: String, status: JournalEntry.Status,
        context: ChannelHandlerContext
    ) {
        self.abandonUpload()
        self.live?.task?.cancel()
        var response = response
        let now = context.eventLoop.now
        response.upstream =
            self.live?.outcome(now: now, failure: why) ?? UpstreamOutcome(time: .zero, failure: why)
        self.live = nil
        self.record(request, response, status: status, now: now)
    }

    /// The upstream answered before the upload ended (a 413, say): the
    /// answer ends, and the connection with it, but gently. Closing with
    /// the client's body still arriving would reset the connection, and a
    /// reset can destroy the answer before the client reads it; so only
    /// our side is shut, the rest of the body is read and dropped, and the
    /// connection closes when the client closes its side, or after
    /// `lingerTime` at most.
    func endBeforeUpload(bodyless: Bool, context: ChannelHandlerContext) {
        self.connection.closing()
        self.endRelayed(bodyless: bodyless, context: context).assumeIsolated().whenComplete { _ in
            self.lingerThenClose(context: context)
        }
    }

    /// Shuts our side, reads and drops what the client still sends, and
    /// closes when it closes its side or after `lingerTime`.
    func lingerThenClose(context: ChannelHandlerContext) {
        context.close(mode: .output, promise: nil)
        context.read()
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.lingerTime) {
            context.close(promise: nil)
        }
    }

    /// How long the rest of an upload answered early is read and dropped.
    static let lingerTime = TimeAmount.seconds(2)
}
