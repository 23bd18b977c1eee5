import Atomics
import NIOConcurrencyHelpers

/// Wakes whoever waits for requests — a test's `awaitRequests`, a control
/// API long poll — when the journal records one. Each waiter re-checks its
/// own condition when woken; none polls.
///
/// The journal listener is installed by the first waiter, not before: a
/// server nobody waits on pays nothing per request, and after that a request
/// costs one atomic load while nobody waits.
public final class RequestArrivals: Sendable {
    private let journal: RequestJournal
    private let waiters = NIOLockedValueBox<Waiters>(Waiters())
    private let waiting = ManagedAtomic<Int>(0)

    private struct Waiters {
        var next = 0
        var all: [Int: @Sendable () -> Void] = [:]
        var listening = false
    }

    public init(journal: RequestJournal) {
        self.journal = journal
    }

    /// Called on the thread that recorded an entry: keep it short.
    private func journalChanged() {
        guard self.waiting.load(ordering: .acquiring) > 0 else { return }
        for wake in self.waiters.withLockedValue({ Array($0.all.values) }) { wake() }
    }

    /// Calls `wake` after every entry the journal records from now on, on
    /// the recording thread (keep it short: hop to where the work is), until
    /// `stopWaking` is given the returned token.
    public func wakeOnArrival(_ wake: @escaping @Sendable () -> Void) -> Int {
        let (token, install) = self.waiters.withLockedValue { waiters in
            waiters.next += 1
            waiters.all[waiters.next] = wake
            defer { waiters.listening = true }
            return (waiters.next, !waiters.listening)
        }
        if install { self.journal.addListener { [weak self] in self?.journalChanged() } }
        self.waiting.wrappingIncrement(by: 1, ordering: .acquiringAndReleasing)
        return token
    }

    /// Stops calling the `wake` registered under `token`.
    public func stopWaking(_ token: Int) {
        let removed = self.waiters.withLockedValue { $0.all.removeValue(forKey: token) }
        if removed != nil { self.waiting.wrappingDecrement(by: 1, ordering: .acquiringAndReleasing) }
    }

    /// How many wait now.
    public var waiterCount: Int {
        self.waiting.load(ordering: .acquiring)
    }

    /// Returns once `isSatisfied` holds, checking it now and after every
    /// request the journal records; `false` when `timeout` passes (or the
    /// task is cancelled) first.
    public func wait(for timeout: Duration, until isSatisfied: @escaping @Sendable () -> Bool) async -> Bool {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let token = self.wakeOnArrival { continuation.yield() }
        defer {
            self.stopWaking(token)
            continuation.finish()
        }
        // Registered before the first check: a request recorded in between
        // leaves a wake-up in the stream rather than being missed.
        if isSatisfied() { return true }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in stream where isSatisfied() { return true }
                return false
            }
            group.addTask {
                // A timer, not a poll: it fires once, at the deadline.
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}
