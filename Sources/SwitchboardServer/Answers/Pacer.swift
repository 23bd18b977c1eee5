import SwitchboardModel

/// When the bytes of one answer's body may leave: the one rule for a
/// fixture's body, a relayed one and an in-process one. A pure value on
/// virtual instants (durations after the start: the head going out for a
/// fixture, the upstream's head arriving for a relay), asked for one piece
/// at a time as the body's bytes become available, and told when each
/// piece left.
///
/// Two limits, each a lower bound on a piece's instant, the later wins:
/// - a bandwidth: no piece leaves before every byte up to its end would
///   have arrived at that rate since the start (`arrival(of:at:)`);
/// - the slicer: pieces of 1–64 bytes, each its drawn gap (0–10 ms) after
///   the piece before it *left*. After it left, not after it was due: a
///   timer that fires late, or a write a slow client holds back, must not
///   bunch the next pieces together, and for a relay, whose bytes come
///   when the upstream sends them, the last piece's departure is the only
///   instant there is. (It is toxiproxy's slicer: a sleep between writes.)
///   On a virtual clock, where a piece leaves when it is due, the two
///   schedules are the same.
///
/// Without the slicer, a piece is what `Pieces` says: a bandwidth's tick
/// for a body that is all there (a fixture's), or all that is available
/// for a relay, whose parts are the upstream's reads and whose next read
/// waits until the part has left.
struct Pacer {
    /// How a body is cut into pieces when the slicer does not cut it.
    enum Pieces: Equatable {
        /// At a bandwidth, a tick's worth each (`tick`), so a 32 KB body
        /// at 16 KB/s arrives evenly over two seconds; without one, whole.
        case ticks
        /// Each part as it comes, whole.
        case asGiven
    }

    /// A piece: `length` bytes from `offset` of the body, that may leave
    /// `at` after the start.
    struct Piece: Equatable {
        var offset: Int
        var length: Int
        var at: Duration
    }

    /// One piece per tick at a bandwidth, when the body is all there.
    static let tick: Duration = .milliseconds(50)

    /// Bytes per second, if a latency profile limits them (never 0).
    let bandwidth: Int?
    /// The slicer's draws, when the `slicer` toxic is on.
    let slicer: Slicer?
    let pieces: Pieces
    /// Body bytes handed out so far: the next piece's offset.
    private(set) var sent = 0
    /// The slicer's next piece number.
    private var index = 0
    /// When the last piece left: its gap counts from there.
    private var lastLeft: Duration?

    init(bandwidth: Int?, slicer: Slicer?, pieces: Pieces) {
        self.bandwidth = bandwidth.flatMap { $0 > 0 ? $0 : nil }
        self.slicer = slicer
        self.pieces = pieces
    }

    /// The pacer for a body at `bandwidth` under `toxics` (those that act
    /// on it), with `slicer`'s draws if they include the slicer.
    init(bandwidth: Int?, toxics: Toxics?, slicer: Slicer?, pieces: Pieces) {
        self.init(bandwidth: bandwidth, slicer: toxics?.slicer == true ? slicer : nil, pieces: pieces)
    }

    /// Nothing holds the bytes back: each piece is all that is available,
    /// now.
    var isFree: Bool { self.bandwidth == nil && self.slicer == nil }

    /// When `bytes` bytes may all have left at `bandwidth` bytes a second:
    /// `bytes / bandwidth` after the start, rounded up to the nanosecond
    /// (never a byte early), in integers (no drift on long bodies).
    static func arrival(of bytes: Int, at bandwidth: Int) -> Duration {
        let seconds = bytes / bandwidth
        let (nanoseconds, remainder) = bandwidth.dividingFullWidth(
            (bytes % bandwidth).multipliedFullWidth(by: 1_000_000_000))
        return .seconds(seconds) + .nanoseconds(nanoseconds + (remainder > 0 ? 1 : 0))
    }

    /// The next piece of at most `available` bytes, asked for `now` (after
    /// the start): its size and when it may leave, never before `now`.
    /// `nil` when nothing is available.
    mutating func next(available: Int, now: Duration) -> Piece? {
        guard available > 0 else { return nil }
        var length = available
        var at = now
        if let slicer = self.slicer {
            let draw = slicer.draw(self.index)
            self.index += 1
            length = min(draw.length, available)
            if let last = self.lastLeft { at = max(at, last + draw.gap) }
        } else if let bandwidth = self.bandwidth, self.pieces == .ticks {
            length = min(Self.perTick(bandwidth), available)
        }
        let offset = self.sent
        self.sent += length
        if let bandwidth = self.bandwidth { at = max(at, Self.arrival(of: self.sent, at: bandwidth)) }
        return Piece(offset: offset, length: length, at: at)
    }

    /// The piece handed out last left at `time` (after the start).
    mutating func left(at time: Duration) {
        self.lastLeft = time
    }

    /// The bytes of one tick at `bandwidth`, at least one.
    private static func perTick(_ bandwidth: Int) -> Int {
        max(1, Int((Double(bandwidth) * Self.tick.milliseconds / 1000).rounded()))
    }
}
