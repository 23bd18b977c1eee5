import Synchronization

/// Wakes the tasks waiting for requests (`awaitRequests`) when the journal
/// records one: the journal calls `journalChanged` after every entry, and
/// each waiter re-checks its condition. No waiter polls, and a request
/// costs one atomic load when nobody waits.
final class RequestArrivals: Sendable {
    private let waiters = Mutex<(next: Int, all: [Int: AsyncStream<Void>.Continuation])>((0, [:]))
    private let waiting = Atomic<Int>(0)

    /// Called on the event loop that recorded an entry: keep it short.
    func journalChanged() {
        guard self.waiting.load(ordering: .acquiring) > 0 else { return }
        for waiter in self.waiters.withLock({ Array($0.all.values) }) { waiter.yield() }
    }

    /// Returns once `isSatisfied` holds, checking it now and after every
    /// request the journal records; `false` when `timeout` passes (or the
    /// task is cancelled) first.
    func wait(for timeout: Duration, until isSatisfied: @escaping @Sendable () -> Bool) async -> Bool {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = self.waiters.withLock { waiters in
            waiters.next += 1
            waiters.all[waiters.next] = continuation
            return waiters.next
        }
        self.waiting.add(1, ordering: .acquiringAndReleasing)
        defer {
            self.waiting.subtract(1, ordering: .acquiringAndReleasing)
            _ = self.waiters.withLock { $0.all.removeValue(forKey: id) }
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
