import NIOConcurrencyHelpers

/// Every entry the journal records, in order, for a writer that must not
/// miss one (the `--log` file, `serve`'s stdout, the `--har` file).
///
/// The ring overwrites what a slow reader has not read yet; a feed does
/// not: entries wait here until the writer takes them, all at once. Only a
/// writer that stops taking (a pipe nobody reads) meets a limit:
/// `backlogLimit` entries wait, later ones are counted as lost; and details
/// (headers and bodies) beyond `detailBacklogBudget` bytes waiting are let
/// go, the entry itself kept.
public final class JournalFeed: Sendable {
    public let keepsDetails: Bool
    public let backlogLimit: Int
    public let detailBacklogBudget: Int
    private let pending = NIOLockedValueBox(Pending())

    private struct Pending {
        var entries: [JournalEntry] = []
        var detailBytes = 0
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

    init(keepsDetails: Bool, backlogLimit: Int, detailBacklogBudget: Int) {
        self.keepsDetails = keepsDetails
        self.backlogLimit = backlogLimit
        self.detailBacklogBudget = detailBacklogBudget
    }

    /// Called by the journal, in sequence order.
    func append(_ entry: JournalEntry, detailBytes: Int) {
        var entry = entry
        self.pending.withLockedValue { pending in
            guard pending.entries.count < self.backlogLimit else {
                pending.lost += 1
                return
            }
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
        self.pending.withLockedValue { pending in
            defer { pending = Pending() }
            return Batch(entries: pending.entries, lost: pending.lost, detailsDropped: pending.detailsDropped)
        }
    }
}
