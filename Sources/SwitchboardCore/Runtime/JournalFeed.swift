import NIOConcurrencyHelpers

/// Every entry the journal records, in order, for a writer that must not
/// miss one (the `--log` file, `serve`'s stdout, the `--har` file).
///
/// The ring overwrites what a slow reader has not read yet; a feed does
/// not: entries wait here until the writer takes them, all at once. Only a
/// writer that stops taking (a pipe nobody reads) meets a limit: entries
/// wait within `backlogBudget` bytes (each its slot and its own text: a
/// 60KB query counts as 60KB, not as one entry), later ones are counted as
/// lost; and details (headers and bodies) beyond `detailBacklogBudget`
/// bytes waiting are let go, the entry itself kept.
public final class JournalFeed: Sendable {
    public let keepsDetails: Bool
    public let backlogBudget: Int
    public let detailBacklogBudget: Int
    private let pending = NIOLockedValueBox(Pending())

    private struct Pending {
        var entries: [JournalEntry] = []
        var detailBytes = 0
        var bytes = 0
        var lost = 0
        var detailsDropped = 0
    }

    /// What a writer takes in one go.
    public struct Batch: Sendable {
        public var entries: [JournalEntry]
        /// Entries recorded while `backlogLimit` were already waiting.
        public var lost: Int
        /// Entries whose details were let go while waiting.
        public var detailsDropped: Int
    }

    init(keepsDetails: Bool, backlogBudget: Int, detailBacklogBudget: Int) {
        self.keepsDetails = keepsDetails
        self.backlogBudget = backlogBudget
        self.detailBacklogBudget = detailBacklogBudget
    }

    /// Called by the journal, in sequence order, with the entry's
    /// `retainedBytes` of details and `textBytes`.
    func append(_ entry: JournalEntry, detailBytes: Int, textBytes: Int) {
        var entry = entry
        let cost = JournalEntry.slotBytes + textBytes
        self.pending.withLockedValue { pending in
            guard pending.bytes + cost <= self.backlogBudget else {
                pending.lost += 1
                return
            }
            pending.bytes += cost
            if entry.details != nil {
                if !self.keepsDetails {
                    entry.details = nil
                } else if pending.detailBytes + detailBytes > self.detailBacklogBudget {
                    entry.details = nil
                    pending.detailsDropped += 1
                } else {
                    pending.detailBytes += detailBytes
                }
            }
            pending.entries.append(entry)
        }
    }

    /// Everything waiting, oldest first; the feed starts over empty.
    public func take() -> Batch {
        var entries: [JournalEntry] = []
        let (lost, detailsDropped) = self.take(into: &entries)
        return Batch(entries: entries, lost: lost, detailsDropped: detailsDropped)
    }

    /// Everything waiting, oldest first, into `entries` (emptied first),
    /// and `entries`' memory becomes the feed's: a writer that takes a few
    /// entries at a time passes back the array of its last batch, and the
    /// feed's `append`s go on in it instead of allocating a new array
    /// after every take (once a request when they come one at a time).
    /// Returns what `Batch` says besides the entries.
    public func take(into entries: inout [JournalEntry]) -> (lost: Int, detailsDropped: Int) {
        // After a burst, the array is let go rather than kept that large.
        entries.removeAll(keepingCapacity: entries.capacity <= Self.keptCapacity)
        return self.pending.withLockedValue { pending in
            swap(&pending.entries, &entries)
            defer {
                pending.detailBytes = 0
                pending.bytes = 0
                pending.lost = 0
                pending.detailsDropped = 0
            }
            return (pending.lost, pending.detailsDropped)
        }
    }

    /// Entries' worth of array a writer's batch keeps between takes.
    static let keptCapacity = 4096
}
