import SwitchboardCore
import Testing

/// A writer taking a few entries at a time passes back its last batch's
/// array, and the feed appends into it: no new array after every take.
@Suite struct JournalFeedReuseTests {
    static func record(_ journal: RequestJournal, _ target: String) {
        journal.record(
            JournalEntry(
                time: 1, method: "GET", target: target, status: .answered(200), duration: .zero, endpointID: nil,
                mode: nil, latency: nil))
    }

    @Test func theFeedAppendsIntoTheArrayAWriterPassedBack() {
        let journal = RequestJournal()
        let feed = journal.addFeed(keepsDetails: false)
        Self.record(journal, "/a")
        var entries: [JournalEntry] = []
        entries.reserveCapacity(16)
        let spare = entries.withUnsafeBufferPointer { $0.baseAddress }
        _ = feed.take(into: &entries)
        #expect(entries.map(\.target) == ["/a"])
        Self.record(journal, "/b")
        _ = feed.take(into: &entries)
        #expect(entries.map(\.target) == ["/b"])
        #expect(entries.withUnsafeBufferPointer { $0.baseAddress } == spare)
        _ = feed.take(into: &entries)
        #expect(entries.isEmpty)
    }

    /// What the budget let go of is counted once, in the take after it.
    @Test func lostEntriesAreCountedOnce() {
        let journal = RequestJournal()
        let feed = journal.addFeed(keepsDetails: false, backlogBudget: JournalEntry.slotBytes)
        Self.record(journal, "/a")
        Self.record(journal, "/b")
        var entries: [JournalEntry] = []
        #expect(feed.take(into: &entries).lost == 1)
        #expect(entries.map(\.target) == ["/a"])
        Self.record(journal, "/c")
        #expect(feed.take(into: &entries).lost == 0)
        #expect(entries.map(\.target) == ["/c"])
    }
}
