import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// The journal's memory stays bounded: details within their budget, and a
/// clear really lets go.
@Suite struct JournalMemoryTests {
    func entry(_ number: Int, bodyBytes: Int) -> JournalEntry {
        var entry = JournalEntry(
            time: 0, method: "GET", target: "/\(number)", status: .answered(200), duration: .zero, endpointID: "a",
            mode: .success,
            latency: nil)
        entry.details = FakeExchange(
            requestHeaders: [("Host", "x")], responseHeaders: [],
            responseBody: Array(repeating: 65, count: bodyBytes))
        return entry
    }

    @Test func detailsBeyondTheBudgetAreDroppedOldestFirst() {
        let journal = RequestJournal(capacity: 100, detailBudget: 10_000)
        for number in 1...20 { journal.record(self.entry(number, bodyBytes: 1_000)) }
        let entries = journal.entries(after: 0).entries
        #expect(entries.count == 20)
        let kept = entries.filter { $0.details != nil }.map(\.sequence)
        #expect(kept == Array(12...20))
        #expect(journal.entry(sequence: 20)?.details != nil)
        #expect(journal.entry(sequence: 1)?.details == nil)
    }

    /// 10,000 requests with 60 KB URLs once held 0.6 GB: paths and queries
    /// were not counted. Now the journal keeps the newest within its
    /// budgets and lets the others go. (No resident-memory check here:
    /// trimming the heap of a process where other tests run stalls them.)
    @Test func hugeURLsStayWithinTheBudget() async throws {
        // 0.6 GB of URLs made: not on a test-runner thread.
        let journal = try await onThread {
            let journal = RequestJournal()
            let query = String(repeating: "q", count: 60 * 1024)
            for number in 1...10_000 {
                var entry = self.entry(number, bodyBytes: 1_024)
                entry.target = "/search/\(number)?" + query
                journal.record(entry)
            }
            return journal
        }
        let (text, details) = journal.retainedBytes()
        #expect(text <= journal.textBudget && details <= journal.detailBudget)
        let kept = journal.entries(after: 0).entries
        #expect(kept.last?.sequence == 10_000)
        #expect(kept.count > 100 && kept.count < 200, "\(kept.count) entries of 60 KB within 8 MB")
        #expect(journal.entries(after: 0).missed == 10_000 - kept.count)
        #expect(journal.entry(sequence: 1) == nil)
    }

    @Test func shortPathsCostNoTextAndAllAreKept() {
        let journal = RequestJournal(capacity: 1_000, textBudget: 1)
        for number in 1...1_000 { journal.record(self.entry(number, bodyBytes: 0)) }
        #expect(journal.entries(after: 0).entries.count == 1_000)
        #expect(journal.retainedBytes().text == 0)
    }

    @Test func longTextIsCountedAndTheOldestGoFirst() {
        let journal = RequestJournal(capacity: 100, textBudget: 10_000)
        for number in 1...20 {
            var entry = self.entry(number, bodyBytes: 0)
            entry.target = "/" + String(repeating: "p", count: 1_000)
            entry.rejection = String(repeating: "r", count: 968)
            journal.record(entry)
        }
        // Each holds 2,048 bytes of text: four fit in 10,000.
        #expect(journal.entries(after: 0).entries.map(\.sequence) == [17, 18, 19, 20])
        #expect(journal.retainedBytes().text == 4 * 2_048)
        // Overwriting a slot gives its bytes back.
        for number in 21...220 { journal.record(self.entry(number, bodyBytes: 0)) }
        #expect(journal.retainedBytes().text == 0)
        #expect(journal.entries(after: 0).entries.count == 100)
    }

    @Test func clearDropsEntriesAndTheRingRefillsCorrectly() {
        let journal = RequestJournal(capacity: 4)
        for number in 1...6 { journal.record(self.entry(number, bodyBytes: 10)) }
        #expect(journal.clear() == 4)
        #expect(journal.entries(after: 0).entries.isEmpty)
        #expect(journal.entry(sequence: 6)?.sequence == nil)
        for number in 7...12 { journal.record(self.entry(number, bodyBytes: 10)) }
        let page = journal.entries(after: 0)
        #expect(page.entries.map(\.sequence) == [9, 10, 11, 12])
        #expect(page.missed == 2)
        #expect(journal.entry(sequence: 10)?.target == "/10")
        #expect(journal.entries(after: 6).missed == 2)
    }
}
