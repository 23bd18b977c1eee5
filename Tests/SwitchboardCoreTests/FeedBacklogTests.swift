import SwitchboardCore
import Testing

/// The journal keeps every feed's backlog under its own lock: each feed
/// still gets every entry, in order, whatever the others take.
@Suite struct FeedBacklogTests {
    static func entry(_ target: String) -> JournalEntry {
        JournalEntry(
            time: 1, method: "GET", target: target, status: .answered(200), duration: .zero, endpointID: nil,
            mode: nil, latency: nil)
    }

    static func record(_ journal: RequestJournal, _ target: String) {
        journal.record(Self.entry(target))
    }

    @Test func eachFeedGetsEveryEntryWhateverTheOthersTake() {
        let journal = RequestJournal(capacity: 2)
        let first = journal.addFeed(keepsDetails: false)
        // Room for two entries waiting.
        let each = JournalEntry.slotBytes + Self.entry("/1").textBytes
        let second = journal.addFeed(keepsDetails: true, backlogBudget: 2 * each)
        Self.record(journal, "/1")
        Self.record(journal, "/2")
        #expect(first.take().entries.map(\.target) == ["/1", "/2"])
        Self.record(journal, "/3")
        let third = journal.addFeed(keepsDetails: false)
        Self.record(journal, "/4")
        #expect(first.take().entries.map(\.target) == ["/3", "/4"])
        // Only the second feed's own budget held it back.
        let batch = second.take()
        #expect(batch.entries.map(\.target) == ["/1", "/2"])
        #expect(batch.lost == 2)
        #expect(third.take().entries.map(\.target) == ["/4"])
        #expect(first.take().entries.isEmpty && second.take().entries.isEmpty)
    }
}
