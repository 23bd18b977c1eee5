import Synchronization

/// The most recent requests, in a fixed-size ring, plus per-endpoint counts.
///
/// The server appends from its event loops; readers (the screen, `serve`'s
/// printer) ask for what came after the last sequence number they saw. Memory
/// stays flat however many requests pass: old entries are overwritten.
public final class RequestJournal: Sendable {
    public let capacity: Int
    private let storage: Mutex<Storage>

    private struct Storage {
        var ring: [JournalEntry] = []
        var nextSequence = 1
        var stats: [String: EndpointStats] = [:]
        var total = 0
        var unmatched = 0
        /// Entries below this number were cleared; their slots are reused later.
        var clearedBefore = 1
        var listeners: [@Sendable () -> Void] = []
    }

    public init(capacity: Int = 10_000) {
        precondition(capacity > 0)
        self.capacity = capacity
        var storage = Storage()
        storage.ring.reserveCapacity(capacity)
        self.storage = Mutex(storage)
    }

    /// Adds an entry (its sequence number is assigned here) and wakes listeners.
    @discardableResult
    public func record(_ entry: JournalEntry) -> Int {
        var entry = entry
        let (sequence, listeners): (Int, [@Sendable () -> Void]) = self.storage.withLock { storage in
            entry.sequence = storage.nextSequence
            storage.nextSequence += 1
            if storage.ring.count < self.capacity {
                storage.ring.append(entry)
            } else {
                storage.ring[(entry.sequence - 1) % self.capacity] = entry
            }
            storage.total += 1
            if let id = entry.endpointID {
                storage.stats[id, default: EndpointStats()].record(status: entry.status)
            } else {
                storage.unmatched += 1
            }
            return (entry.sequence, storage.listeners)
        }
        for listener in listeners { listener() }
        return sequence
    }

    /// Entries with a sequence number above `sequence`, oldest first, at most
    /// `limit` of the newest. `missed` counts entries that were overwritten
    /// before this reader got to them.
    public func entries(after sequence: Int, limit: Int = .max) -> JournalPage {
        self.storage.withLock { storage in
            let last = storage.nextSequence - 1
            let oldestKept = max(storage.clearedBefore, storage.nextSequence - storage.ring.count)
            var first = max(sequence + 1, oldestKept)
            let missed = max(0, (storage.nextSequence - storage.ring.count) - (sequence + 1))
            if last - first + 1 > limit { first = last - limit + 1 }
            guard first <= last else { return JournalPage(entries: [], missed: missed, lastSequence: last) }
            var entries: [JournalEntry] = []
            entries.reserveCapacity(last - first + 1)
            for number in first...last {
                entries.append(storage.ring[(number - 1) % self.capacity])
            }
            return JournalPage(entries: entries, missed: missed, lastSequence: last)
        }
    }

    /// Totals since start (a clear empties the list, not the counts).
    public func stats() -> JournalStats {
        self.storage.withLock { JournalStats(total: $0.total, unmatched: $0.unmatched, byEndpoint: $0.stats) }
    }

    /// Forgets the kept entries; sequence numbers keep counting.
    public func clear() {
        // The ring keeps its slots (slot = sequence modulo capacity); readers
        // simply skip everything below the mark.
        self.storage.withLock { $0.clearedBefore = $0.nextSequence }
    }

    /// `listener` runs on the recording thread after every entry: keep it tiny
    /// (set a flag, signal a semaphore).
    public func addListener(_ listener: @escaping @Sendable () -> Void) {
        self.storage.withLock { $0.listeners.append(listener) }
    }
}

/// A batch of journal entries for one reader.
public struct JournalPage: Sendable {
    public var entries: [JournalEntry]
    public var missed: Int
    public var lastSequence: Int
}

/// Hits and the last status of one endpoint.
public struct EndpointStats: Sendable, Hashable {
    public var hits = 0
    public var lastStatus: Int?

    public init(hits: Int = 0, lastStatus: Int? = nil) {
        self.hits = hits
        self.lastStatus = lastStatus
    }

    mutating func record(status: Int) {
        self.hits += 1
        self.lastStatus = status
    }
}

public struct JournalStats: Sendable {
    public var total: Int
    public var unmatched: Int
    public var byEndpoint: [String: EndpointStats]

    public init(total: Int = 0, unmatched: Int = 0, byEndpoint: [String: EndpointStats] = [:]) {
        self.total = total
        self.unmatched = unmatched
        self.byEndpoint = byEndpoint
    }
}
