import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// The journal's memory stays bounded: details within their budget, and a
/// clear really lets go.
@Suite struct JournalMemoryTests {
    func entry(_ number: Int, bodyBytes: Int) -> JournalEntry {
        var entry = JournalEntry(
            time: 0, method: "GET", target: "/\(number)", status: 200, duration: .zero, endpointID: "a", mode: .success,
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
