import NIOCore
import SwitchboardCore

/// The deadlines of one connection: closed when idle between requests for
/// too long, 408 when a request's headers trickle in too slowly (slowloris).
/// A request being answered (delayed, trickled, or deliberately hung) is
/// never timed out here.
///
/// State changes only move a deadline; one timer per connection wakes at
/// the deadline and re-arms itself if it moved. Scheduling and cancelling a
/// timer for every request would cost more than answering it, and so would
/// a handler of its own in front of the decoder: the request handler feeds
/// it instead.
struct ConnectionClock {
    enum Phase {
        case idle
        case readingHead
        case busy
    }

    let limits: ServerLimits
    private(set) var phase = Phase.idle
    /// When the current wait runs out; nil while a request is being answered.
    private(set) var deadline: NIODeadline?
    var timer: Scheduled<Void>?

    init(limits: ServerLimits) {
        self.limits = limits
    }

    mutating func start(now: NIODeadline) {
        self.phase = .idle
        self.deadline = now + TimeAmount(self.limits.idleTimeout)
    }

    /// Bytes arrived while no request was under way: a head has begun.
    mutating func bytesArrived(now: NIODeadline) {
        guard case .idle = self.phase else { return }
        self.phase = .readingHead
        self.deadline = now + TimeAmount(self.limits.headerTimeout)
    }

    /// The request's head has been read: its handler owns the clock now.
    mutating func headReceived() {
        self.phase = .busy
        self.deadline = nil
    }

    /// The response is written: wait for the next request.
    mutating func responseFinished(now: NIODeadline) {
        self.phase = .idle
        self.deadline = now + TimeAmount(self.limits.idleTimeout)
    }

    /// When the timer should next wake.
    func nextWake(now: NIODeadline) -> NIODeadline {
        self.deadline ?? now + TimeAmount(min(self.limits.idleTimeout, self.limits.headerTimeout))
    }

    /// Whether the deadline has passed.
    func expired(now: NIODeadline) -> Bool {
        self.deadline.map { $0 <= now } ?? false
    }
}
