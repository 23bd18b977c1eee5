import NIOCore
import NIOHTTP1
public import SwitchboardCore

/// One request's answer as ``InProcessAnswers`` decided it: what a front
/// end without a socket delivers, in this order — wait ``delay``, then the
/// status and headers (unless ``fault`` sends none), then ``body`` (at
/// ``bytesPerSecond`` in the chunks ``chunk(at:)`` plans, when set), then
/// the end or, for a fault, the failure.
public struct InProcessAnswer: Sendable {
    /// The status code; meaningless when ``fault`` sends no status line.
    public var status: Int
    /// The headers sent, `Content-Length` included (for `truncated`, the
    /// length promised, not the one sent).
    public var headers: [HeaderField]
    /// The body bytes that arrive (none for `HEAD`).
    public var body: [UInt8]
    /// Waited before anything arrives: the latency profile's delay.
    public var delay: Duration
    /// The profile's bandwidth for the body, if it limits one.
    public var bytesPerSecond: Int?
    /// The network fault, if the mode is one.
    public var fault: Fault?
    /// The endpoint that answered; `nil` when none matched.
    public var endpoint: String?

    let request: Request
    let prepared: PreparedResponse
    let isControl: Bool
    /// When the status line reached the client (see ``statusLineSent()``).
    var statusLineAt: NIODeadline?

    /// The request as the journal keeps it.
    struct Request: Sendable {
        let head: HTTPRequestHead
        let body: ByteBuffer?
        let bodySize: Int
        let arrived: NIODeadline
        let wallTime: Double
    }

    init(request: Request, prepared: PreparedResponse, cors: Bool, isControl: Bool = false) {
        var prepared = prepared
        let isHead = request.head.method == .HEAD
        var body = prepared.body
        self.fault = nil
        self.bytesPerSecond = nil
        switch prepared.action {
        case .respond:
            break
        case .trickle(let bytesPerSecond):
            self.bytesPerSecond = bytesPerSecond
        case .reset: self.fault = .reset
        case .hang: self.fault = .hang
        case .empty: self.fault = .empty
        case .garbage: self.fault = .garbage
        case .truncated(let bytesPerSecond):
            // As the server writes it: the full length and more promised,
            // half the body sent; a 204 or 304 promises one with a 200.
            self.fault = .truncated
            self.bytesPerSecond = bytesPerSecond
            if prepared.status == .noContent || prepared.status == .notModified { prepared.status = .ok }
            let full = body.readableBytes
            prepared.headers.replaceOrAdd(name: "Content-Length", value: String(full + 1024))
            body = body.getSlice(at: body.readerIndex, length: full / 2) ?? ByteBuffer()
        case .live, .liveTruncated:
            // No socket, no upstream client: the server without an upstream
            // answers the same way, a 502 saying why.
            let failure = UpstreamFailure(
                status: .badGateway,
                words: "live mode needs a server: start the instance with a port, not in-process")
            prepared.answer(failure, upstream: nil, outcome: UpstreamOutcome(time: .zero, failure: failure.words))
            body = prepared.body
        }
        // `limit_data` cut short, as a socket's would be: the whole length
        // promised, N bytes, then the connection lost. The slicer and a
        // slow close have nothing to act on without a socket.
        if prepared.hasToxics, self.fault == nil, !isHead, let limit = prepared.decision?.toxics.limitData,
            limit < body.readableBytes
        {
            self.fault = .truncated
            prepared.headers.replaceOrAdd(name: "Content-Length", value: String(body.readableBytes))
            body = body.getSlice(at: body.readerIndex, length: limit) ?? ByteBuffer()
        }
        if cors && request.head.headers.contains(name: "Origin") {
            CORS.allow(request.head, in: &prepared.headers)
        }
        self.status = Int(prepared.status.code)
        self.headers = prepared.headers.map { HeaderField(name: $0.name, value: $0.value) }
        self.body = isHead ? [] : Array(body.readableBytesView)
        self.delay = prepared.delay
        self.endpoint = prepared.endpointID
        self.request = request
        self.prepared = prepared
        self.isControl = isControl
    }

    /// This answer, noting that its status and headers reach the client
    /// now: the journal's first byte, which the details' timing shows (as
    /// the server notes when its head leaves). A front end calls it just
    /// before handing the client the status line; without it, an answer
    /// is journaled as if all of it came at once.
    public func statusLineSent() -> InProcessAnswer {
        var sent = self
        sent.statusLineAt = .now()
        return sent
    }

    /// One piece of a bandwidth-limited body: `length` bytes from `offset`
    /// of ``body``, due `at` after the headers.
    public struct Chunk: Sendable, Hashable {
        public var offset: Int
        public var length: Int
        public var at: Duration
    }

    /// How long all of ``body`` takes to arrive at ``bytesPerSecond``
    /// (when the last chunk is due); zero when nothing limits it.
    public var bodyDuration: Duration {
        guard let bytesPerSecond = self.bytesPerSecond, bytesPerSecond > 0, !self.body.isEmpty else { return .zero }
        return .nanoseconds(Int64((Double(self.body.count) / Double(bytesPerSecond) * 1e9).rounded()))
    }

    /// The piece of ``body`` that starts at `offset` when ``bytesPerSecond``
    /// limits it, in the server's chunks and times; `nil` once all is
    /// sent, or when nothing limits the body.
    public func chunk(at offset: Int) -> Chunk? {
        guard let bytesPerSecond = self.bytesPerSecond else { return nil }
        let plan = BodyTrickle(bytes: self.body.count, bytesPerSecond: bytesPerSecond)
        return plan.chunk(at: offset).map { Chunk(offset: $0.offset, length: $0.length, at: $0.at) }
    }
}
