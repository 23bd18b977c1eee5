import Atomics
import NIOConcurrencyHelpers

/// The most recent requests, in a fixed-size ring, plus per-endpoint counts.
///
/// The server appends from its event loops; readers (the screen, `serve`'s
/// printer, the control API) ask for what came after the last sequence
/// number they saw. Memory stays flat however many requests pass: old
/// entries are overwritten, headers and bodies are kept only within one
/// byte budget and the entries' own text (paths and queries above all)
/// within another; past either, the oldest go first.
///
/// At most, then: `capacity` slots of `JournalEntry.slotBytes`, plus
/// `textBudget`, plus `detailBudget` (each entry's newest text or details
/// counted in full even when it alone exceeds its budget).
public final class RequestJournal: Sendable {
    public let capacity: Int
    /// Bytes of headers and bodies kept across all entries.
    public let detailBudget: Int
    /// Bytes of the entries' own text (paths, queries, names) kept.
    public let textBudget: Int
    private let storage: NIOLockedValueBox<Storage>
    /// `writersBehind`, readable without the lock: connections look at it
    /// before every read.
    private let behind = ManagedAtomic<Bool>(false)

    private struct Storage {
        var ring: [JournalEntry] = []
        /// `textBytes` of each slot of the ring.
        var textCosts: [Int] = []
        var textBytes = 0
        var nextSequence = 1
        /// The sequence number stored in slot 0 of the ring.
        var base = 1
        /// The oldest sequence number still kept (entries before it were
        /// overwritten, dropped for the text budget, or cleared).
        var firstKept = 1
        var stats = EndpointTally()
        var total = 0
        var unmatched = 0
        /// Entries that still hold details, oldest first, with their size.
        var detailed: [(sequence: Int, bytes: Int)] = []
        var detailedHead = 0
        var detailBytes = 0
        var listeners: [@Sendable () -> Void] = []
        var feeds: [FeedBacklog] = []
    }

    public init(capacity: Int = 10_000, detailBudget: Int = 8 * 1024 * 1024, textBudget: Int = 8 * 1024 * 1024) {
        precondition(capacity > 0)
        self.capacity = capacity
        self.detailBudget = detailBudget
        self.textBudget = textBudget
        var storage = Storage()
        storage.ring.reserveCapacity(capacity)
        storage.textCosts.reserveCapacity(capacity)
        self.storage = NIOLockedValueBox(storage)
    }

    /// Adds an entry (its sequence number is assigned here) and wakes
    /// listeners. `endpointIndex`, the index of the entry's endpoint in the
    /// snapshot that answered, finds its counts without hashing its id (a
    /// hint: a wrong one costs a lookup, never a wrong count).
    @discardableResult
    public func record(_ entry: consuming JournalEntry, endpointIndex: Int? = nil) -> Int {
        let detailBytes = entry.details?.retainedBytes ?? 0
        let textBytes = entry.textBytes
        let hasDetails = entry.details != nil
        let endpointID = entry.endpointID
        let status = entry.status
        // Taken, not copied: the caller's entry is moved into the ring
        // (`take()` leaves nil), the feeds get copies.
        var recorded: JournalEntry? = consume entry
        // The entry it replaces is handed out and let go of after the lock:
        // freeing its strings and bodies is not work to queue others behind.
        var replaced: JournalEntry?
        var dropped: [JournalEntry] = []
        let (sequence, listeners): (Int, [@Sendable () -> Void]) = self.storage.withLockedValue { storage in
            let sequence = storage.nextSequence
            storage.nextSequence += 1
            recorded!.sequence = sequence
            if hasDetails {
                storage.detailed.append((sequence, detailBytes))
                storage.detailBytes += detailBytes
            }
            var behind = false
            for index in storage.feeds.indices {
                if storage.feeds[index].append(recorded!, detailBytes: detailBytes, textBytes: textBytes) {
                    behind = true
                }
            }
            if behind && !self.behind.load(ordering: .relaxed) { self.behind.store(true, ordering: .relaxed) }
            storage.textBytes += textBytes
            if storage.ring.count < self.capacity {
                storage.ring.append(recorded.take()!)
                storage.textCosts.append(textBytes)
            } else {
                let slot = (sequence - storage.base) % self.capacity
                let overwritten = sequence - self.capacity
                if overwritten >= storage.firstKept {
                    storage.textBytes -= storage.textCosts[slot]
                    storage.firstKept = overwritten + 1
                }
                replaced = recorded.take()
                swap(&storage.ring[slot], &replaced!)
                storage.textCosts[slot] = textBytes
            }
            // Nearly always within the budget: no call to find that out.
            if storage.textBytes > self.textBudget { self.trimText(&storage, dropped: &dropped) }
            self.trimDetails(&storage)
            storage.total += 1
            if let endpointID {
                storage.stats.record(id: endpointID, index: endpointIndex, status: status)
            } else {
                storage.unmatched += 1
            }
            return (sequence, storage.listeners)
        }
        replaced = nil
        dropped = []
        for listener in listeners { listener() }
        return sequence
    }

    /// Drops the oldest entries whole while the entries' text is over its
    /// budget (the newest entry always stays). Their slots keep an empty
    /// entry; what they held goes to `dropped`, to be freed after the lock.
    private func trimText(_ storage: inout Storage, dropped: inout [JournalEntry]) {
        while storage.textBytes > self.textBudget && storage.firstKept < storage.nextSequence - 1 {
            let slot = (storage.firstKept - storage.base) % self.capacity
            storage.textBytes -= storage.textCosts[slot]
            storage.textCosts[slot] = 0
            var old = Self.emptySlot
            swap(&storage.ring[slot], &old)
            dropped.append(old)
            storage.firstKept += 1
        }
    }

    private static let emptySlot = JournalEntry(
        time: 0, method: "", target: "", status: .noStatusLine, duration: .zero, endpointID: nil, mode: nil,
        latency: nil)

    /// Memory the kept entries hold, as the journal counts it against its
    /// budgets.
    public func retainedBytes() -> (text: Int, details: Int) {
        self.storage.withLockedValue { ($0.textBytes, $0.detailBytes) }
    }

    /// Drops the details of the oldest entries until the budget holds, and
    /// forgets the bookkeeping of entries the ring has already overwritten.
    private func trimDetails(_ storage: inout Storage) {
        let oldestKept = storage.firstKept
        while storage.detailedHead < storage.detailed.count {
            let (sequence, bytes) = storage.detailed[storage.detailedHead]
            let overwritten = sequence < oldestKept
            guard overwritten || storage.detailBytes > self.detailBudget else { break }
            storage.detailBytes -= bytes
            storage.detailedHead += 1
            if !overwritten && sequence >= storage.base {
                storage.ring[(sequence - storage.base) % self.capacity].details = nil
            }
        }
        // Compact the queue now and then rather than on every request.
        if storage.detailedHead > 4096 && storage.detailedHead * 2 > storage.detailed.count {
            storage.detailed.removeFirst(storage.detailedHead)
            storage.detailedHead = 0
        }
    }

    /// Entries with a sequence number above `sequence`, oldest first, at most
    /// `limit` of the newest. `missed` counts entries that were overwritten
    /// before this reader got to them.
    public func entries(after sequence: Int, limit: Int = .max) -> JournalPage {
        self.storage.withLockedValue { storage in
            let last = storage.nextSequence - 1
            let oldestKept = storage.firstKept
            var first = max(Self.next(after: sequence), oldestKept)
            // Entries that were overwritten before this reader got to them
            // (cleared ones are not missed, just gone).
            let missed = max(0, oldestKept - max(Self.next(after: sequence), storage.base))
            if last - first + 1 > limit { first = last - limit + 1 }
            guard first <= last else { return JournalPage(entries: [], missed: missed, lastSequence: last) }
            var entries: [JournalEntry] = []
            entries.reserveCapacity(last - first + 1)
            for number in first...last {
                entries.append(storage.ring[(number - storage.base) % self.capacity])
            }
            return JournalPage(entries: entries, missed: missed, lastSequence: last)
        }
    }

    /// At most `limit` entries after `sequence` and up to `last`, oldest
    /// first: a page of a long walk through the journal (an export) that
    /// copies only what it needs at a time. Entries no longer kept are
    /// skipped.
    public func entries(after sequence: Int, through last: Int, limit: Int) -> [JournalEntry] {
        self.storage.withLockedValue { storage in
            let first = max(Self.next(after: sequence), storage.firstKept)
            let reach = first.addingReportingOverflow(limit - 1)
            let end = min(last, storage.nextSequence - 1, reach.overflow ? .max : reach.partialValue)
            guard first <= end else { return [] }
            return (first...end).map { storage.ring[($0 - storage.base) % self.capacity] }
        }
    }

    /// The number after `sequence`, which may come from a query
    /// (`?after=9223372036854775807`): `Int.max` stays, as nothing is
    /// newer, where `+ 1` would trap and take the server down.
    private static func next(after sequence: Int) -> Int {
        sequence == .max ? .max : sequence + 1
    }

    /// The sequence number of the newest entry (0 before any).
    public var lastSequence: Int {
        self.storage.withLockedValue { $0.nextSequence - 1 }
    }

    /// One entry, if it is still kept.
    public func entry(sequence: Int) -> JournalEntry? {
        self.storage.withLockedValue { storage in
            guard sequence >= storage.firstKept, sequence < storage.nextSequence else { return nil }
            return storage.ring[(sequence - storage.base) % self.capacity]
        }
    }

    /// Totals since start (a clear empties the list, not the counts).
    public func stats() -> JournalStats {
        self.storage.withLockedValue {
            JournalStats(total: $0.total, unmatched: $0.unmatched, byEndpoint: $0.stats.byEndpoint)
        }
    }

    /// Forgets the kept entries, and frees their memory; sequence numbers
    /// keep counting. Returns how many were dropped.
    @discardableResult
    public func clear() -> Int {
        // The old arrays are swapped out under the lock and freed after it:
        // releasing thousands of entries' strings and bodies is not work to
        // make every `record` on every loop wait behind.
        var ring: [JournalEntry] = []
        ring.reserveCapacity(min(self.capacity, 1024))
        var textCosts: [Int] = []
        var detailed: [(sequence: Int, bytes: Int)] = []
        let dropped = self.storage.withLockedValue { storage in
            let dropped = storage.nextSequence - storage.firstKept
            swap(&storage.ring, &ring)
            swap(&storage.textCosts, &textCosts)
            swap(&storage.detailed, &detailed)
            storage.textBytes = 0
            storage.base = storage.nextSequence
            storage.firstKept = storage.nextSequence
            storage.detailedHead = 0
            storage.detailBytes = 0
            return dropped
        }
        ring = []
        textCosts = []
        detailed = []
        return dropped
    }

    /// A feed of every entry recorded from now on, none lost to the ring
    /// (see `JournalFeed`); a clear does not touch it. `keepsDetails: false`
    /// strips headers and bodies, for writers that do not use them.
    public func addFeed(
        keepsDetails: Bool, backlogBudget: Int = 64 * 1024 * 1024, detailBacklogBudget: Int = 64 * 1024 * 1024
    ) -> JournalFeed {
        let backlog = FeedBacklog(
            keepsDetails: keepsDetails, backlogBudget: backlogBudget, detailBacklogBudget: detailBacklogBudget)
        let index = self.storage.withLockedValue { storage in
            storage.feeds.append(backlog)
            return storage.feeds.count - 1
        }
        return JournalFeed(journal: self, index: index, backlog: backlog)
    }

    /// What waits in the feed at `index`, swapped into `entries`: `JournalFeed.take`.
    func take(feed index: Int, into entries: inout [JournalEntry]) -> (lost: Int, detailsDropped: Int) {
        self.storage.withLockedValue { storage in
            let taken = storage.feeds[index].take(into: &entries)
            if self.behind.load(ordering: .relaxed) && !storage.feeds.contains(where: \.isBehind) {
                self.behind.store(false, ordering: .relaxed)
            }
            return taken
        }
    }

    /// Whether a feed's writer (the `--har` file, `--log`, stdout) has let
    /// half of its backlog budget fill up. Connections then wait a moment
    /// before reading their next request, so that a flood slows down to
    /// what the writers keep up with instead of overflowing the budget
    /// and losing entries; it clears when the writers have taken what
    /// waits.
    public var writersBehind: Bool { self.behind.load(ordering: .relaxed) }

    /// `listener` runs on the recording thread after every entry: keep it tiny
    /// (set a flag, signal a semaphore).
    public func addListener(_ listener: @escaping @Sendable () -> Void) {
        self.storage.withLockedValue { $0.listeners.append(listener) }
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
    public var lastStatus: JournalEntry.Status?

    public init(hits: Int = 0, lastStatus: JournalEntry.Status? = nil) {
        self.hits = hits
        self.lastStatus = lastStatus
    }

    mutating func record(status: JournalEntry.Status) {
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
