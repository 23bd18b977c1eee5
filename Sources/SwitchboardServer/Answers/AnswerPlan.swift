import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel

/// What goes on the wire for one answer, after its wait (`PreparedResponse.delay`):
/// decided once by `Responder.prepare`, a value with no I/O in it, and only
/// *run* by the two front ends — the socket's `AnswerWriter` and the
/// in-process `InProcessAnswer` (for `SwitchboardURLProtocol`). Whatever
/// both must do alike (what `truncated` promises and sends, where
/// `limit_data` cuts, what is journaled) is worked out here or in
/// `PreparedResponse.sent(isHead:)`, never by a front end.
enum AnswerPlan: Hashable {
    /// A status line and headers, then the body as `BodyPlan` says.
    case answer(BodyPlan)
    /// TCP RST, no status line.
    case reset
    /// Closed without a byte.
    case close
    /// These bytes, which are not HTTP, then closed.
    case garbage(ByteBuffer)
    /// Nothing at all, until the client gives up.
    case hang
    /// The request goes to this upstream (none set: 502) and its answer
    /// comes back as `BodyPlan` says.
    case relay(UpstreamURL?, BodyPlan)

    /// How a body goes out: at once or at a rate, whole or cut short.
    struct BodyPlan: Hashable {
        /// Bytes per second; `nil`: all at once.
        var rate: Int?
        /// Where the body stops, the connection closing under it; `nil`:
        /// whole, and the answer ends.
        var cut: Cut?

        init(rate: Int? = nil, cut: Cut? = nil) {
            self.rate = rate
            self.cut = cut
        }
    }

    /// A body cut short: the head promises more than comes, then the
    /// connection closes (no chunk terminator).
    enum Cut: Hashable {
        /// `truncated`: 1 KB more than the whole body promised, half sent.
        case half
        /// `limit_data:N`: the whole body promised, its first N bytes sent
        /// (see `DataLimit`).
        case after(Int)

        /// Promised `Content-Length` and bytes sent, for a body of `length`.
        func bytes(of length: Int) -> (promised: Int, sent: Int) {
            switch self {
            case .half: (length + 1024, length / 2)
            case .after(let limit): (length, DataLimit.body(of: length, under: limit).bytes)
            }
        }
    }

    /// The plan for a fault: where a fault kind becomes bytes on the wire.
    /// `rate` is the profile's bandwidth, `relay` the upstream an endpoint
    /// that passes through is cut on (its live answer, not a fixture), and
    /// `noise` the bytes `garbage` sends.
    static func fault(_ fault: Fault, rate: Int?, relay: UpstreamURL?, noise: () -> ByteBuffer) -> AnswerPlan {
        switch fault {
        case .reset: .reset
        case .hang: .hang
        case .empty: .close
        case .garbage: .garbage(noise())
        case .truncated:
            relay.map { .relay($0, BodyPlan(rate: rate, cut: .half)) } ?? .answer(BodyPlan(rate: rate, cut: .half))
        case .urlError(let code): Self.fault(code.onSocket, rate: rate, relay: relay, noise: noise)
        }
    }

    /// Whether a status line goes out: what the journal's status says.
    var sendsStatusLine: Bool {
        switch self {
        case .answer, .relay: true
        case .reset, .close, .garbage, .hang: false
        }
    }

    /// The body's plan, for the plans that send one.
    var body: BodyPlan? {
        switch self {
        case .answer(let body), .relay(_, let body): body
        case .reset, .close, .garbage, .hang: nil
        }
    }

    /// Toxics act on a body going out whole or at a rate; a fault
    /// (`truncated` included) ignores them, and the journal must not say an
    /// answer had toxics it did not get.
    var takesToxics: Bool {
        self.body.map { $0.cut == nil } ?? false
    }

    /// This plan with its body all at once: the server is stopping, and a
    /// rate would only start now.
    var atOnce: AnswerPlan {
        switch self {
        case .answer(var body):
            body.rate = nil
            return .answer(body)
        case .relay, .reset, .close, .garbage, .hang:
            return self
        }
    }

    /// The journal's status for an answer with this plan that ended as
    /// `end`: the one rule both front ends journal by.
    func journalStatus(_ status: HTTPResponseStatus, _ end: AnswerEnd) -> JournalEntry.Status {
        switch end {
        case .ran: self.sendsStatusLine ? .answered(Int(status.code)) : .noStatusLine
        case .leftWaiting: .clientLeft
        // A hang's client leaving is how a hang ends.
        case .clientLeft: self.sendsStatusLine ? .clientLeft : .noStatusLine
        case .brokenOff(let headSent): headSent ? .answered(Int(status.code)) : .noStatusLine
        }
    }
}

/// How far an answer's plan got when it is journaled.
enum AnswerEnd: Hashable {
    /// It ran to its end (for a hang: until the client gave up).
    case ran
    /// The client went away before the plan began: during the wait before
    /// it, or while its body was read from disk.
    case leftWaiting
    /// The client went away while the plan ran (in process, where the wait
    /// is the front end's own: whenever it gave up).
    case clientLeft
    /// The server stopped it partway (a step the connection's state rules
    /// out); `headSent`: its status line was out.
    case brokenOff(headSent: Bool)
}

extension PreparedResponse {
    /// The response as it goes on the wire to a request (`isHead`: a
    /// `HEAD`, which gets no body) when its body is cut: headers promising
    /// what the cut promises (a 204 or 304, promising a body, becomes a
    /// 200) and the body the bytes that go. What both front ends send and
    /// journal. A cut that cuts nothing (`limit_data` past the end, or on a
    /// `HEAD`) is dropped; an answer not cut is itself.
    func sent(isHead: Bool) -> PreparedResponse {
        guard case .answer(var plan) = self.plan, let cut = plan.cut else { return self }
        var sent = self
        let full = self.body.readableBytes
        if case .after(let limit) = cut, isHead || !DataLimit.body(of: full, under: limit).cut {
            plan.cut = nil
            sent.plan = .answer(plan)
            return sent
        }
        let bytes = sent.promise(cut, of: full)
        sent.body = isHead ? ByteBuffer() : self.body.getSlice(at: self.body.readerIndex, length: bytes) ?? ByteBuffer()
        return sent
    }

    /// Sets the status and headers to promise what `cut` promises for a
    /// body of `length` bytes, and says how many of them go: for the
    /// fixture's body here, and for a relayed one whose length the
    /// upstream gave, which streams as it comes.
    mutating func promise(_ cut: AnswerPlan.Cut, of length: Int) -> Int {
        let (promised, bytes) = cut.bytes(of: length)
        switch cut {
        case .half:
            // The prebuilt head carries the true length; this one must lie.
            self.head = nil
            self.wire = nil
            if self.status == .noContent || self.status == .notModified { self.status = .ok }
            self.headers.replaceOrAdd(name: "Content-Length", value: String(promised))
        case .after:
            if !self.headers.contains(name: "Content-Length") {
                self.headers.replaceOrAdd(name: "Content-Length", value: String(promised))
            }
        }
        return bytes
    }
}
