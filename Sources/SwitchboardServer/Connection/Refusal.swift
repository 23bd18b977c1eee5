import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel

/// A request refused before any endpoint saw it (unreadable, too large,
/// too slow): the status, the sentence the client reads, and the reason
/// the journal gives. A refusal always ends the connection.
struct Refusal: Equatable {
    let status: HTTPResponseStatus
    /// Why, for the journal.
    let reason: String
    /// What the client reads, in the JSON error body.
    let message: String

    init(_ status: HTTPResponseStatus, reason: String, message: String? = nil) {
        self.status = status
        self.reason = reason
        self.message = message ?? reason
    }

    /// A body over `--max-body-size`.
    static func bodyTooLarge(limit: Int) -> Refusal {
        let reason = "body over \(ByteSize.format(limit))"
        return Refusal(.payloadTooLarge, reason: reason, message: "request \(reason) (see --max-body-size)")
    }

    /// A body that stopped arriving for `--body-timeout`.
    static func stalledBody(timeout: Duration) -> Refusal {
        Refusal(
            .requestTimeout, reason: "request body stopped arriving",
            message: "no more of the request body arrived for \(DurationText.format(timeout)) (see --body-timeout)")
    }

    /// Headers that did not finish within `--header-timeout`.
    static let slowHead = Refusal(.requestTimeout, reason: "request headers took too long")

    /// The server stopped while the request's body arrived.
    static let stoppedArriving = Refusal(.serviceUnavailable, reason: "server stopped while the request arrived")

    /// The server stopped with the request held behind the last response:
    /// it was read and will never be answered. (Not "client left": the
    /// client did nothing wrong, and was still there.)
    static let stoppedHeld = Refusal(
        .serviceUnavailable, reason: "server stopped before the request was answered")

    var body: ByteBuffer {
        ErrorBody.buffer(ErrorBody.code(refusing: self.status), self.message)
    }

    func headers(length: Int) -> HTTPHeaders {
        HTTPHeaders([
            ("Connection", "close"), ("Content-Type", "application/json"), ("Content-Length", String(length)),
        ])
    }

    /// The whole answer as bytes, for when no request head exists for NIO's
    /// HTTP handlers to pair it with (it goes out under the encoder).
    var bytes: ByteBuffer {
        let body = self.body
        var bytes = ByteBuffer()
        ResponseHeadBytes.write(status: self.status, headers: self.headers(length: body.readableBytes), to: &bytes)
        bytes.writeImmutableBuffer(body)
        return bytes
    }
}

extension JournalEntry {
    /// The entry for a request no endpoint saw (refused, stopped, or left
    /// before it was whole), with what arrived of it and what it was
    /// answered, if anything. `request`: none when not even its head came.
    init(
        unseen request: ConnectionStateMachine.Request?, status: JournalEntry.Status, reason: String,
        answer: (HTTPHeaders, ByteBuffer)? = nil, now: NIODeadline
    ) {
        let details = request.map { request in
            CapturedExchange(
                head: request.head, requestBody: request.body, requestBodySize: request.bodySize,
                responseHeaders: answer?.0 ?? HTTPHeaders(), responseBody: answer?.1 ?? ByteBuffer(),
                sharesResponseBody: false)
        }
        self.init(
            time: request?.wallTime ?? WallClock.now(), method: request?.head.method.rawValue ?? "-",
            target: request?.head.uri ?? "-", status: status,
            duration: .nanoseconds(request.map { (now - $0.arrived).nanoseconds } ?? 0), endpointID: nil, mode: nil,
            latency: nil, details: details)
        self.rejection = reason
    }

    /// The entry for a refused request, journaled with the refusal's status
    /// (also when the connection closed without it: the server stopped).
    init(
        refused request: ConnectionStateMachine.Request?, _ refusal: Refusal,
        answer: (HTTPHeaders, ByteBuffer)? = nil, now: NIODeadline
    ) {
        self.init(
            unseen: request, status: .answered(Int(refusal.status.code)), reason: refusal.reason, answer: answer,
            now: now)
    }
}
