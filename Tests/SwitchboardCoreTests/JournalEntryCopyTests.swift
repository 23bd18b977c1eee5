import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// The journal hands each entry to its ring, its feeds and their readers:
/// an entry must copy as a few words (its fields in one shared box), and
/// still behave as a value.
@Suite struct JournalEntryCopyTests {
    static func entry() -> JournalEntry {
        JournalEntry(
            time: 1, method: "GET", target: "/data/all/coinlist?page=2", status: .answered(200),
            duration: .microseconds(200), endpointID: "coinlist", mode: .success, latency: "3g",
            details: FakeExchange(requestHeaders: [], responseHeaders: [], responseBody: []))
    }

    /// Its sequence number, its details and one reference to the rest: a
    /// copy is a few retains, not some three hundred bytes of strings and
    /// optionals copied one by one.
    @Test func anEntryIsAFewWords() {
        #expect(MemoryLayout<JournalEntry>.size <= 4 * MemoryLayout<Int>.size)
    }

    /// A copy changed afterwards leaves the entry it was copied from as it
    /// was, field by field.
    @Test func changingACopyLeavesTheOriginalAlone() {
        let original = Self.entry()
        var copy = original
        copy.target = "/other"
        copy.upstream = UpstreamOutcome(time: .milliseconds(3), failure: "connection refused")
        copy.cutShort = true
        copy.forced = Decision.Forced(mode: .serverError)
        copy.sequence = 7
        copy.details = nil
        #expect(original.target == "/data/all/coinlist?page=2")
        #expect(original.upstream == nil)
        #expect(!original.cutShort)
        #expect(!original.preferred)
        #expect(original.sequence == 0)
        #expect(original.details != nil)
        #expect(copy.target == "/other" && copy.cutShort && copy.preferred && copy.sequence == 7)
    }

    /// What the journal changes after recording (the details it lets go
    /// of) does not reach the copies its readers already hold.
    @Test func theJournalLettingDetailsGoLeavesAReadersCopyWhole() {
        let journal = RequestJournal(capacity: 10, detailBudget: 150)
        journal.record(Self.entry())
        let held = journal.entries(after: 0).entries
        journal.record(Self.entry())
        #expect(journal.entry(sequence: 1)?.details == nil)
        #expect(held.first?.details != nil)
        #expect(held.first?.target == "/data/all/coinlist?page=2")
    }
}
