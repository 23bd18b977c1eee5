import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel

/// What goes on the wire for one answer, and when, as one value: the wait,
/// the head (or none), the body's source, the pacer that says when its
/// bytes may leave, and how the answer ends. Worked out from the decided
/// answer (`PreparedResponse` and its `AnswerPlan`) by one function, the
/// same for a socket and for the in-process front end, so that what one
/// does the other does too (`AnswerScriptTests` tables it for every fault
/// and toxic).
///
/// The socket's `AnswerWriter` runs it (the relay's head and body come
/// from `UpstreamStateMachine`, paced by the same `Pacer`); the in-process
/// answer (`InProcessAnswer`) is made from it, and `FaultPlanParityTests`
/// compare the bytes of the two.
struct AnswerScript {
    /// Waited before anything: the latency profile's delay.
    var wait: Duration
    var head: Head
    var body: Body
    var pacer: Pacer
    var end: End

    enum Head: Equatable {
        /// A status line and these headers (a cut's promising more than
        /// goes).
        case status(HTTPResponseStatus, HTTPHeaders)
        /// The upstream's, as relayed.
        case upstream
        /// No status line: the connection is reset, closed or left hanging,
        /// or sent bytes that are not HTTP.
        case none
    }

    enum Body: Equatable {
        case none
        /// These bytes, framed as the head says.
        case bytes(ByteBuffer)
        /// These bytes as they are, past any HTTP framing (`garbage`).
        case raw(ByteBuffer)
        /// The upstream's body, as it arrives (no upstream set: a 502).
        case relay(UpstreamURL?)
    }

    enum End: Equatable {
        /// The end goes out; the connection goes on.
        case keepAlive
        /// Closed once the end (or, with no head, nothing) is out.
        case close
        /// `slow_close`: the end goes out, the close this much later.
        case closeLate(Duration)
        /// `truncated`, `limit_data`: the body stops after `after` of the
        /// `of` bytes the head promised, the connection closed under it.
        case cut(after: Int, of: Int)
        /// `truncated` on a relayed body: half of what the upstream gives,
        /// once its head says how much (see `UpstreamStateMachine`).
        case cutAtHalf
        /// TCP RST.
        case reset
        /// Nothing more, until the client gives up (`hang`).
        case stall
    }
}

extension AnswerScript {
    /// The script for `response` to a request that is a `HEAD` or not
    /// (`isHead`) and asked to keep its connection or not (`keepAlive`);
    /// `slicer`: the slicer's draws, for an answer the slicer acts on.
    init(_ response: PreparedResponse, isHead: Bool, keepAlive: Bool, slicer: Pacer.Slicer?) {
        let toxics = Self.toxics(actingOn: response)
        self.wait = response.delay
        self.pacer = Pacer(bandwidth: nil, slicer: nil, pieces: .ticks)
        switch response.plan {
        case .reset: (self.head, self.body, self.end) = (.none, .none, .reset)
        case .close: (self.head, self.body, self.end) = (.none, .none, .close)
        case .garbage(let bytes): (self.head, self.body, self.end) = (.none, .raw(bytes), .close)
        case .hang: (self.head, self.body, self.end) = (.none, .none, .stall)
        case .relay(let upstream, let plan):
            self.head = .upstream
            self.body = .relay(upstream)
            self.pacer = Pacer(bandwidth: plan.rate, toxics: toxics, slicer: slicer, pieces: .asGiven)
            self.end = plan.cut == nil ? Self.end(keepAlive, toxics) : .cutAtHalf
        case .answer:
            let sent = response.sent(isHead: isHead)
            let plan = sent.plan.body ?? AnswerPlan.BodyPlan()
            self.head = .status(sent.status, sent.headers)
            self.body = isHead || sent.body.readableBytes == 0 ? .none : .bytes(sent.body)
            self.pacer = Pacer(bandwidth: plan.rate, toxics: toxics, slicer: slicer, pieces: .ticks)
            if let cut = plan.cut {
                let promised = cut.bytes(of: response.body.readableBytes).promised
                self.end = .cut(after: isHead ? 0 : sent.body.readableBytes, of: promised)
            } else {
                self.end = Self.end(keepAlive, toxics)
            }
        }
    }

    /// The connection toxics that act on `response`: none on a fault
    /// (`truncated` included), which goes out as it would without them.
    static func toxics(actingOn response: PreparedResponse) -> Toxics? {
        response.hasToxics ? response.notes.decision?.toxics : nil
    }

    /// The end of an answer that goes out whole (see `AnswerClose`).
    private static func end(_ keepAlive: Bool, _ toxics: Toxics?) -> End {
        switch AnswerClose(keepAlive: keepAlive, slowClose: toxics?.slowClose) {
        case .keepAlive: .keepAlive
        case .close, .linger: .close
        case .closeLate(let delay): .closeLate(delay)
        }
    }

    /// How a client sees this script fail, named by the fault that does
    /// just this (a cut body: `truncated`); `nil` when nothing fails.
    var fault: Fault? {
        switch (self.head, self.end) {
        case (.none, .reset): .reset
        case (.none, .stall): .hang
        case (.none, _): if case .raw = self.body { .garbage } else { .empty }
        case (_, .cut), (_, .cutAtHalf): .truncated
        case (.status, _), (.upstream, _): nil
        }
    }

    /// The body's bytes, for a body that has them.
    var bytes: ByteBuffer {
        switch self.body {
        case .bytes(let bytes), .raw(let bytes): bytes
        case .none, .relay: ByteBuffer()
        }
    }
}
