public import SwitchboardCore
public import SwitchboardModel

/// One in-process answer as the steps a front end without a socket takes,
/// each at its instant after the request arrived: the answer's
/// `AnswerScript` run as the socket runs it — the wait, the head or none,
/// the body in the pieces its `Pacer` gives (bandwidth ticks, the slicer's
/// draws), then how it ends. So the URLProtocol does what the script says
/// one step at a time instead of working it out again from a flat answer,
/// and a script that says more (an event stream that stops after event 3
/// and stays open) needs new steps, not a new shape.
///
/// A pure value: `InProcessDeliveryTests` table it for every fault and
/// toxic.
public struct InProcessDelivery: Sendable {
    /// What the client gets next.
    public enum Step: Sendable, Equatable {
        /// The status line and these headers.
        case head(status: Int, headers: [HeaderField])
        /// These bytes of the answer's ``InProcessAnswer/body``.
        case body(Range<Int>)
        /// The answer is whole.
        case finish
        /// The connection fails as this fault fails it (`truncated`, once
        /// its part of the body is out).
        case fail(Fault)
        /// Nothing more, ever: the client's own timeout ends it (`hang`).
        case stall
    }

    /// A step and when it is due.
    public struct Timed: Sendable, Equatable {
        public var step: Step
        /// After the request arrived.
        public var at: Duration
        /// Whether the client hears nothing while it waits for this step,
        /// so that its timeout runs: not so for a body handed over whole at
        /// the instant its last piece would have come, whose bytes would
        /// have been arriving all along.
        public var silent: Bool
    }

    private var pending: [Timed]

    /// The steps of `answer`. `wholeBody`: hand the body over in one
    /// piece when its last one is due (swift-corelibs-foundation keeps only
    /// a task's last `didLoad`), else in the pacer's pieces.
    init(_ answer: InProcessAnswer, wholeBody: Bool) {
        let script = answer.script
        var steps: [Timed] = []
        var now = script.wait
        if script.head == .none {
            let ending: Step = answer.fault == .hang ? .stall : .fail(answer.fault ?? .empty)
            steps.append(Timed(step: ending, at: now, silent: true))
            self.pending = steps.reversed()
            return
        }
        steps.append(Timed(step: .head(status: answer.status, headers: answer.headers), at: now, silent: true))
        let headAt = now
        var pacer = script.pacer
        var last = Duration.zero
        var pieces: [Pacer.Piece] = []
        while let piece = pacer.next(available: answer.body.count - pacer.sent, now: last) {
            pacer.left(at: piece.at)
            last = piece.at
            pieces.append(piece)
        }
        if wholeBody, let end = pieces.last {
            steps.append(Timed(step: .body(0..<answer.body.count), at: headAt + end.at, silent: false))
            now = headAt + end.at
        } else {
            for piece in pieces {
                now = headAt + piece.at
                steps.append(Timed(step: .body(piece.offset..<piece.offset + piece.length), at: now, silent: true))
            }
        }
        let ending: Step =
            switch script.end {
            case .keepAlive, .close, .closeLate: .finish
            case .cut, .cutAtHalf: .fail(answer.fault ?? .truncated)
            case .reset: .fail(.reset)
            case .stall: .stall
            }
        steps.append(Timed(step: ending, at: now, silent: true))
        self.pending = steps.reversed()
    }

    /// The next step; `nil` after the last (a finish, a failure or a
    /// stall).
    public mutating func next() -> Timed? {
        self.pending.popLast()
    }
}
