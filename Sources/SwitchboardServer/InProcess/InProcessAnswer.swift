import NIOCore
import NIOHTTP1
public import SwitchboardCore
public import SwitchboardModel

/// One request's answer as ``InProcessAnswers`` decided it: what a front
/// end without a socket delivers, as the steps ``delivery(wholeBody:)``
/// gives — wait ``delay``, then the status and headers (unless ``fault``
/// sends none), then ``body`` in its pieces, then the end or, for a fault,
/// the failure.
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
    /// The network fault, if the mode is one.
    public var fault: Fault?
    /// The endpoint that answered; `nil` when none matched.
    public var endpoint: String?

    let request: Request
    let prepared: PreparedResponse
    /// What a socket would put on the wire for it, and when.
    let script: AnswerScript
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

    /// Runs `prepared`'s plan (see `AnswerPlan`) as far as a front end
    /// without a socket can: the slicer cuts the body into its pieces, a
    /// slow close has no connection to close late, and a relay, with no
    /// upstream client here, is the 502 the server without an upstream
    /// answers.
    init(
        request: Request, prepared: PreparedResponse, cors: Bool, isControl: Bool = false,
        slicer: Pacer.Slicer? = nil
    ) {
        var prepared = prepared
        if case .relay = prepared.plan {
            let failure = UpstreamFailure(
                status: .badGateway,
                words: "live mode needs a server: start the instance with a port, not in-process")
            prepared.answer(failure, upstream: nil, outcome: UpstreamOutcome(time: .zero, failure: failure.words))
        }
        let isHead = request.head.method == .HEAD
        if cors && request.head.headers.contains(name: "Origin") {
            CORS.allow(request.head, in: &prepared.headers)
        }
        // The socket's script, which `delivery(wholeBody:)` steps through.
        let script = AnswerScript(prepared, isHead: isHead, keepAlive: true, slicer: slicer)
        // As the socket journals it: for a cut, the head promising more
        // and the bytes that go.
        prepared = prepared.sent(isHead: isHead)
        // Named by the fault decided, when the mode is one; a cut without
        // one (`limit_data`) fails as `truncated` does.
        self.fault = script.fault.map { shape in
            if case .fault(let decided)? = prepared.notes.decision?.mode { decided } else { shape }
        }
        if case .status(let status, let headers) = script.head {
            self.status = Int(status.code)
            self.headers = headers.map { HeaderField(name: $0.name, value: $0.value) }
        } else {
            self.status = Int(prepared.status.code)
            self.headers = prepared.headers.map { HeaderField(name: $0.name, value: $0.value) }
        }
        self.body = script.head == .none ? [] : Array(script.bytes.readableBytesView)
        self.delay = script.wait
        self.script = script
        self.endpoint = prepared.notes.endpointID
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

    /// The steps a front end takes to deliver this answer, at their
    /// instants (see ``InProcessDelivery``). `wholeBody`: the body in one
    /// piece when its last one is due, for a client that keeps only the
    /// last piece it is handed.
    public func delivery(wholeBody: Bool) -> InProcessDelivery {
        InProcessDelivery(self, wholeBody: wholeBody)
    }
}
