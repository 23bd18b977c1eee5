/// Every entry the journal records, in order, for a writer that must not
/// miss one (the `--log` file, `serve`'s stdout, the `--har` file).
///
/// The ring overwrites what a slow reader has not read yet; a feed does
/// not: entries wait until the writer takes them, all at once. Only a
/// writer that stops taking (a pipe nobody reads) meets a limit: entries
/// wait within `backlogBudget` bytes (each its slot and its own text: a
/// 60KB query counts as 60KB, not as one entry), later ones are counted as
/// lost; and details (headers and bodies) beyond `detailBacklogBudget`
/// bytes waiting are let go, the entry itself kept.
///
/// What waits is kept by the journal, under its lock (see `FeedBacklog`):
/// recording appends to every feed in the same lock as the ring.
public final class JournalFeed: Sendable {
    public let keepsDetails: Bool
    public let backlogBudget: Int
    public let detailBacklogBudget: Int
    private let journal: RequestJournal
    /// This feed's place among the journal's feeds.
    private let index: Int

    /// What a writer takes in one go.
    public struct Batch: Sendable {
        public var entries: [JournalEntry]
        /// Entries recorded while `backlogLimit` were already waiting.
        public var lost: Int
        /// Entries whose details were let go while waiting.
        public var detailsDropped: Int
    }

    init(journal: RequestJournal, index: Int, backlog: FeedBacklog) {
        self.journal = journal
        self.index = index
        self.keepsDetails = backlog.keepsDetails
        self.backlogBudget = backlog.backlogBudget
        self.detailBacklogBudget = backlog.detailBacklogBudget
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
        // After a burst, the array is let go rather than kept that large;
        // either way, the old entries are let go of before the lock.
        entries.removeAll(keepingCapacity: entries.capacity <= Self.keptCapacity)
        return self.journal.take(feed: self.index, into: &entries)
    }

    /// Entries' worth of array a writer's batch keeps between takes.
    static let keptCapacity = 4096
}
