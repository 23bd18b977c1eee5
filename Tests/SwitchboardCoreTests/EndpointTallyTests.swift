import Testing

@testable import SwitchboardCore

/// The journal finds an endpoint's counts by its index in the snapshot that
/// answered; the index is a hint, and the counts always go to the id.
@Suite struct EndpointTallyTests {
    @Test func countsGoToTheIdWhateverIndexCameWithIt() {
        var tally = EndpointTally()
        tally.record(id: "a", index: 0, status: .answered(200))
        tally.record(id: "b", index: 1, status: .answered(201))
        tally.record(id: "a", index: 0, status: .answered(500))
        // A reload put b first and a second: the hints now point at the
        // other endpoint's counts.
        tally.record(id: "b", index: 0, status: .answered(202))
        tally.record(id: "a", index: 1, status: .answered(203))
        tally.record(id: "a", index: 1, status: .answered(204))
        // No hint, a hint past the endpoints seen, a negative one.
        tally.record(id: "b", index: nil, status: .answered(205))
        tally.record(id: "c", index: 7, status: .answered(206))
        tally.record(id: "c", index: -1, status: .answered(207))
        #expect(
            tally.byEndpoint == [
                "a": EndpointStats(hits: 4, lastStatus: .answered(204)),
                "b": EndpointStats(hits: 3, lastStatus: .answered(205)),
                "c": EndpointStats(hits: 2, lastStatus: .answered(207)),
            ])
    }

    @Test func theJournalsStatsFollowTheIdsAcrossAReload() {
        let journal = RequestJournal(capacity: 2)
        func record(_ id: String?, _ index: Int?) {
            journal.record(
                JournalEntry(
                    time: 0, method: "GET", target: "/", status: .answered(200), duration: .zero, endpointID: id,
                    mode: nil, latency: nil), endpointIndex: index)
        }
        record("a", 0)
        record("b", 1)
        record("b", 0)
        record(nil, 0)
        record("a", nil)
        let stats = journal.stats()
        #expect(stats.total == 5 && stats.unmatched == 1)
        #expect(stats.byEndpoint.mapValues(\.hits) == ["a": 2, "b": 2])
    }
}
