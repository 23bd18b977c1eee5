/// What waits in one `JournalFeed` for its writer, within the feed's
/// budgets: the feed's decisions, as a value the journal keeps under its
/// own lock, so that recording an entry takes one lock however many feeds
/// there are (each feed had a lock of its own, a second lock per request).
struct FeedBacklog {
    let keepsDetails: Bool
    let backlogBudget: Int
    let detailBacklogBudget: Int
    private(set) var entries: [JournalEntry] = []
    /// Bytes of details waiting, counted against `detailBacklogBudget`.
    private(set) var detailBytes = 0
    /// Bytes of entries waiting (each its slot and its own text), counted
    /// against `backlogBudget`.
    private(set) var bytes = 0
    private(set) var lost = 0
    private(set) var detailsDropped = 0

    init(keepsDetails: Bool, backlogBudget: Int, detailBacklogBudget: Int) {
        self.keepsDetails = keepsDetails
        self.backlogBudget = backlogBudget
        self.detailBacklogBudget = detailBacklogBudget
    }

    /// Whether the writer has let half of either budget fill up: it is
    /// falling behind, and the server should give it time
    /// (`RequestJournal.writersBehind`) before the budget has to apply.
    var isBehind: Bool {
        // Doubled rather than halved: no division on every request's append.
        self.bytes * 2 > self.backlogBudget || self.detailBytes * 2 > self.detailBacklogBudget
    }

    /// `entry`, with its `retainedBytes` of details and its `textBytes`,
    /// waits if the budget holds it; otherwise it is counted as lost.
    /// Returns `isBehind`.
    mutating func append(_ entry: JournalEntry, detailBytes: Int, textBytes: Int) -> Bool {
        let cost = JournalEntry.slotBytes + textBytes
        guard self.bytes + cost <= self.backlogBudget else {
            self.lost += 1
            return true
        }
        self.bytes += cost
        guard entry.details != nil else {
            self.entries.append(entry)
            return self.isBehind
        }
        var entry = entry
        if !self.keepsDetails {
            entry.details = nil
        } else if self.detailBytes + detailBytes > self.detailBacklogBudget {
            entry.details = nil
            self.detailsDropped += 1
        } else {
            self.detailBytes += detailBytes
        }
        self.entries.append(entry)
        return self.isBehind
    }

    /// Everything waiting, oldest first, swapped into `entries` (whose
    /// memory the backlog appends in next); the budgets start over.
    mutating func take(into entries: inout [JournalEntry]) -> (lost: Int, detailsDropped: Int) {
        swap(&self.entries, &entries)
        defer {
            self.detailBytes = 0
            self.bytes = 0
            self.lost = 0
            self.detailsDropped = 0
        }
        return (self.lost, self.detailsDropped)
    }
}
