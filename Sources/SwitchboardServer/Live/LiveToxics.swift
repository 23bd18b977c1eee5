import NIOCore
import SwitchboardControl
import SwitchboardModel

/// The connection toxics on an answer relayed from the upstream as it
/// arrives, whose length may not be known before its end: `limit_data`
/// counts the bytes relayed and cuts once a byte past its limit arrives;
/// the slicer splits each part that arrives into its pieces, each leaving
/// its gap after the one before (or later, at a bandwidth profile's rate);
/// `slow_close` holds the close back after the end.
///
/// A value, kept in the exchange (`UpstreamStateMachine`): the handler
/// asks the connection machine what to write and when, and does it.
struct LiveToxics {
    /// Body bytes that may still go out before `limit_data` cuts.
    private(set) var allowed: Int?
    let slicer: ToxicBody.Slicer?
    let slowClose: Duration?
    /// The slicer's next piece number.
    private var piece = 0
    /// Body bytes written, for the bandwidth's schedule.
    private var written = 0
    /// When the last piece left, the start of the next one's gap.
    private var lastPieceAt: NIODeadline?

    /// The toxics for a live request about to be sent; `nil` without any,
    /// and for `truncated`, a fault they leave alone.
    init?(for response: PreparedResponse, slicer: ToxicBody.Slicer?) {
        guard response.hasToxics, case .relay(_, let plan) = response.plan, plan.cut == nil,
            let toxics = response.decision?.toxics
        else { return nil }
        self.init(toxics, slicer: slicer)
    }

    /// `nil` when there are no toxics. `slicer`: its draws, when the
    /// toxics include it.
    init?(_ toxics: Toxics, slicer: ToxicBody.Slicer?) {
        guard !toxics.isEmpty else { return nil }
        self.allowed = toxics.limitData
        self.slicer = toxics.slicer ? slicer : nil
        self.slowClose = toxics.slowClose
    }

    /// What of a part of `length` bytes goes out: all of it, or only the
    /// bytes up to the limit, after which the connection is cut. A part
    /// that ends exactly at the limit is not cut: the answer may end there
    /// (a limit at or above the body's size changes nothing).
    mutating func admit(_ length: Int) -> (bytes: Int, cut: Bool) {
        guard let allowed = self.allowed else { return (length, false) }
        let bytes = min(allowed, length)
        self.allowed = allowed - bytes
        return (bytes, bytes < length)
    }

    /// The next piece of a part with `available` bytes left to write: its
    /// size and when it is due. Without the slicer the rest goes whole;
    /// with a bandwidth, no byte leaves before the rate allows since
    /// `answered`.
    mutating func nextPiece(available: Int, now: NIODeadline, answered: NIODeadline, bandwidth: Int?) -> (
        length: Int, due: NIODeadline
    ) {
        var length = available
        var due = now
        if let slicer = self.slicer {
            let draw = slicer.draw(self.piece)
            self.piece += 1
            length = min(draw.length, available)
            if let last = self.lastPieceAt { due = max(due, last + TimeAmount(draw.gap)) }
        }
        self.written += length
        if let bandwidth, bandwidth > 0 {
            due = max(due, answered + .nanoseconds(Int64(Double(self.written) / Double(bandwidth) * 1e9)))
        }
        return (length, due)
    }

    /// The piece went out at `time`.
    mutating func pieceLeft(at time: NIODeadline) {
        self.lastPieceAt = time
    }
}
