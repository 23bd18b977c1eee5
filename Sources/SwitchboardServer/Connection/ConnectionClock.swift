import NIOCore
import SwitchboardCore

/// The deadlines of one connection: closed when idle between requests for
/// too long, 408 when a request's headers trickle in too slowly (slowloris)
/// or its body stops arriving. A request being answered (delayed, trickled,
/// or deliberately hung) is never timed out here, and neither is a response
/// still being written to a slow reader.
///
/// State changes only move a deadline; one timer per connection wakes at
/// the deadline, or sooner (see `nextWake`), and re-arms itself if the
/// deadline moved. Scheduling and cancelling a timer for every request would
/// cost more than answering it, and so would a handler of its own in front
/// of the decoder: the request handler feeds it instead.
struct ConnectionClock {
    enum Phase {
        case idle
        case readingHead
        /// The head is in; the body has not all arrived.
        case readingBody
        case busy
        /// Idle as far as requests go, but the last response is still
        /// waiting to leave: the client reads slowly.
        case sending
    }

    /// The limits' timeouts as the event loop counts time, converted once:
    /// a `Duration` to `TimeAmount` conversion is some 200 instructions
    /// (128-bit arithmetic), and one ran with every response.
    private let idleTimeout: TimeAmount
    private let headerTimeout: TimeAmount
    private let bodyTimeout: TimeAmount
    private let shortestTimeout: TimeAmount
    private(set) var phase = Phase.idle
    /// When the current wait runs out; nil while a request is being answered.
    private(set) var deadline: NIODeadline?
    /// When the armed timer wakes (the handler holds the timer).
    private(set) var wake: NIODeadline?

    init(limits: ServerLimits) {
        self.idleTimeout = TimeAmount(limits.idleTimeout)
        self.headerTimeout = TimeAmount(limits.headerTimeout)
        self.bodyTimeout = TimeAmount(limits.bodyTimeout)
        self.shortestTimeout = TimeAmount(limits.shortestTimeout)
    }

    mutating func start(now: NIODeadline) {
        self.phase = .idle
        self.deadline = now + self.idleTimeout
    }

    /// Bytes arrived while no request was under way: a head has begun.
    mutating func bytesArrived(now: NIODeadline) {
        switch self.phase {
        case .idle, .sending: break
        case .readingHead, .readingBody, .busy: return
        }
        self.phase = .readingHead
        self.deadline = now + self.headerTimeout
    }

    /// A read left a request's body unfinished: the rest must keep coming.
    mutating func bodyArrived(now: NIODeadline) {
        self.phase = .readingBody
        self.deadline = now + self.bodyTimeout
    }

    /// A read is over (see `ConnectionStateMachine.readCompleted`): a head
    /// begun must finish in time, a body under way must keep coming.
    /// Returns whether a deadline moved.
    mutating func readCompleted(_ read: ConnectionStateMachine.ReadCompleteAction, now: NIODeadline) -> Bool {
        switch read {
        case .headBegun: self.bytesArrived(now: now)
        case .bodyIncomplete: self.bodyArrived(now: now)
        case .none: return false
        }
        return true
    }

    /// The request's head has been read: its handler owns the clock now.
    mutating func headReceived() {
        self.phase = .busy
        self.deadline = nil
    }

    /// The whole request is in: it is being answered.
    mutating func requestReceived() {
        self.phase = .busy
        self.deadline = nil
    }

    /// The response is written: wait for the next request.
    mutating func responseFinished(now: NIODeadline) {
        self.phase = .idle
        self.deadline = now + self.idleTimeout
    }

    /// The idle time ran out with part of the response still unsent: the
    /// idle clock starts again once it is all out.
    mutating func stillSending() {
        self.phase = .sending
        self.deadline = nil
    }

    /// Every byte of the last response has been handed to the system: if
    /// the idle clock waited for that (`stillSending`), it starts now.
    mutating func allSent(now: NIODeadline) {
        guard case .sending = self.phase else { return }
        self.responseFinished(now: now)
    }

    /// When the timer should next wake: at the deadline, but never later
    /// than the shortest timeout from now. A deadline set after this is then
    /// never earlier than the wake (each is at least the shortest timeout
    /// away), so moving it needs no new timer; a connection wakes at most
    /// once per shortest timeout to look.
    func nextWake(now: NIODeadline) -> NIODeadline {
        let soonest = now + self.shortestTimeout
        guard let deadline = self.deadline else { return soonest }
        return min(deadline, soonest)
    }

    /// Whether the deadline moved earlier than the armed timer (or no
    /// timer is armed): the timer must be armed again.
    var needsEarlierWake: Bool {
        guard let deadline = self.deadline else { return false }
        guard let wake = self.wake else { return true }
        return deadline < wake
    }

    mutating func armed(at wake: NIODeadline) {
        self.wake = wake
    }

    mutating func disarmed() {
        self.wake = nil
    }

    /// Whether the deadline has passed.
    func expired(now: NIODeadline) -> Bool {
        self.deadline.map { $0 <= now } ?? false
    }
}
