import NIOConcurrencyHelpers
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@Suite struct RequestJournalTests {
    func entry(_ target: String, endpoint: String? = "a", status: JournalEntry.Status = .answered(200)) -> JournalEntry
    {
        JournalEntry(
            time: 0, method: "GET", target: target, status: status, duration: .milliseconds(1), endpointID: endpoint,
            mode: endpoint == nil ? nil : .success, latency: nil)
    }

    @Test func readersGetWhatCameAfterTheirLastSequence() {
        let journal = RequestJournal(capacity: 10)
        for index in 1...3 { journal.record(self.entry("/\(index)")) }
        let first = journal.entries(after: 0)
        #expect(first.entries.map(\.target) == ["/1", "/2", "/3"])
        #expect(first.lastSequence == 3)
        journal.record(self.entry("/4"))
        #expect(journal.entries(after: first.lastSequence).entries.map(\.target) == ["/4"])
    }

    @Test func theRingStaysBoundedAndCountsWhatAReaderMissed() {
        let journal = RequestJournal(capacity: 4)
        for index in 1...10 { journal.record(self.entry("/\(index)")) }
        let page = journal.entries(after: 0)
        #expect(page.entries.map(\.target) == ["/7", "/8", "/9", "/10"])
        #expect(page.missed == 6)
        #expect(journal.entries(after: 8).entries.map(\.sequence) == [9, 10])
        #expect(journal.entries(after: 0, limit: 2).entries.map(\.target) == ["/9", "/10"])
    }

    @Test func statsCountHitsPerEndpointAndUnmatched() {
        let journal = RequestJournal(capacity: 2)
        journal.record(self.entry("/x", status: .answered(200)))
        journal.record(self.entry("/x", status: .answered(500)))
        journal.record(self.entry("/nope", endpoint: nil, status: .answered(404)))
        let stats = journal.stats()
        #expect(stats.total == 3)
        #expect(stats.unmatched == 1)
        #expect(stats.byEndpoint["a"] == EndpointStats(hits: 2, lastStatus: .answered(500)))
    }

    @Test func statsKeepWhatReachedTheClientNotANumber() {
        let journal = RequestJournal(capacity: 2)
        journal.record(self.entry("/x", status: .noStatusLine))
        #expect(journal.stats().byEndpoint["a"]?.lastStatus == .noStatusLine)
        #expect(journal.stats().byEndpoint["a"]?.lastStatus?.wireStatus == nil)
        journal.record(self.entry("/x", status: .clientLeft))
        #expect(journal.stats().byEndpoint["a"]?.lastStatus == .clientLeft)
    }

    @Test func clearHidesOldEntriesButKeepsCounting() {
        let journal = RequestJournal(capacity: 3)
        for index in 1...5 { journal.record(self.entry("/\(index)")) }
        journal.clear()
        #expect(journal.entries(after: 0).entries.isEmpty)
        journal.record(self.entry("/6"))
        let page = journal.entries(after: 0)
        #expect(page.entries.map(\.target) == ["/6"])
        #expect(page.entries.first?.sequence == 6)
        #expect(journal.stats().total == 6)
    }

    @Test func listenersHearEveryRecord() {
        let journal = RequestJournal(capacity: 3)
        let counter = Counter()
        journal.addListener { counter.increment() }
        for _ in 1...5 { journal.record(self.entry("/")) }
        #expect(counter.value == 5)
    }

    @Test func aFeedGetsEveryEntryInOrderWhateverTheRingOverwrites() {
        let journal = RequestJournal(capacity: 4)
        let feed = journal.addFeed(keepsDetails: false)
        for index in 1...1_000 { journal.record(self.entry("/\(index)")) }
        journal.clear()
        journal.record(self.entry("/1001"))
        let batch = feed.take()
        #expect(batch.entries.map(\.sequence) == Array(1...1_001))
        #expect(batch.lost == 0)
        #expect(feed.take().entries.isEmpty)
    }

    @Test func aFeedNobodyTakesFromCountsWhatItCannotHold() {
        let journal = RequestJournal(capacity: 4)
        let feed = journal.addFeed(
            keepsDetails: true, backlogBudget: 10 * JournalEntry.slotBytes, detailBacklogBudget: 250)
        for index in 1...12 {
            var entry = self.entry("/\(index)")
            entry.details = FakeExchange(requestHeaders: [], responseHeaders: [], responseBody: [1])
            journal.record(entry)
        }
        let batch = feed.take()
        #expect(batch.entries.count == 10)
        #expect(batch.lost == 2)
        // 101 bytes of details each: two fit in 250, the rest wait without.
        #expect(batch.entries.filter { $0.details != nil }.count == 2)
        #expect(batch.detailsDropped == 8)
        let plain = journal.addFeed(keepsDetails: false)
        var entry = self.entry("/x")
        entry.details = FakeExchange(requestHeaders: [], responseHeaders: [], responseBody: [1])
        journal.record(entry)
        #expect(plain.take().entries.map { $0.details == nil } == [true])
        // The limits docs/limits.md states.
        #expect(plain.backlogBudget == 64 * 1024 * 1024 && plain.detailBacklogBudget == 64 * 1024 * 1024)
    }

    /// Long queries fill a stalled writer's backlog by their bytes, not
    /// their count: 2,000 requests with 60KB queries would hold 120MB.
    @Test func aFeedCountsTheBytesOfLongQueriesWaiting() {
        let journal = RequestJournal(capacity: 4)
        let budget = 1024 * 1024
        let feed = journal.addFeed(keepsDetails: false, backlogBudget: budget)
        let query = String(repeating: "a", count: 60_000)
        for index in 1...2_000 { journal.record(self.entry("/\(index)?q=\(query)")) }
        let batch = feed.take()
        let each = JournalEntry.slotBytes + batch.entries[0].textBytes
        #expect(batch.entries.count == budget / each)
        #expect(batch.entries.count < 20)
        #expect(batch.lost == 2_000 - batch.entries.count)
        // Taken, the budget is free again: the next ones wait.
        journal.record(self.entry("/next?q=\(query)"))
        #expect(feed.take().entries.map(\.sequence) == [2_001])
    }

    @Test func entriesBecomeJSONLines() {
        var entry = JournalEntry(
            time: 1_763_812_862.123, method: "GET", target: "/weather?lat=1&lon=2", status: .answered(503),
            duration: .milliseconds(2004), endpointID: "weather", mode: .serverError, latency: "slow",
            injectedDelay: .seconds(2))
        #expect(
            entry.jsonLine
                == #"{"time":"2025-11-22T12:01:02.123Z","method":"GET","path":"/weather","query":"lat=1&lon=2","status":503,"duration_ms":2004.000,"delay_ms":2000.000,"endpoint":"weather","mode":"server_error","setting":"server_error","latency":"slow","unmatched":false}"#
        )
        entry.unmatched = Unmatched(closestID: "a", closest: "GET /a", reason: "x")
        entry.endpointID = nil
        #expect(entry.jsonLine.hasSuffix(#""unmatched":true,"closest":"GET /a","hint":"x"}"#))
    }

    /// A program finds the number `record --request N` takes on the line.
    @Test func aJournaledEntrysLineCarriesItsNumber() {
        let journal = RequestJournal(capacity: 10)
        journal.record(self.entry("/a"))
        let second = journal.record(self.entry("/b"))
        let line = journal.entry(sequence: second)?.jsonLine ?? ""
        #expect(second == 2)
        #expect(line.hasSuffix(#""unmatched":false,"sequence":2}"#))
    }
}

final class Counter: Sendable {
    private let count = NIOLockedValueBox(0)
    func increment() { self.count.withLockedValue { $0 += 1 } }
    var value: Int { self.count.withLockedValue { $0 } }
}

extension RequestJournalTests {
    /// A reader's `after` may come from a query: the largest `Int` (and
    /// the one below it, a page away from it) reads nothing, without
    /// trapping on `+ 1`.
    @Test func readingAfterTheLargestSequenceReadsNothing() {
        let journal = RequestJournal(capacity: 10)
        for index in 1...3 { journal.record(self.entry("/\(index)")) }
        #expect(journal.entries(after: .max).entries.isEmpty)
        #expect(journal.entries(after: .max, through: .max, limit: 256).isEmpty)
        #expect(journal.entries(after: .max - 1, through: .max, limit: 256).isEmpty)
        #expect(journal.entries(after: 1, through: .max, limit: .max).map(\.target) == ["/2", "/3"])
    }
}
