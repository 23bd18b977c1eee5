import Foundation
import SwitchboardCore
import Testing

@testable import switchboard

/// The writer lets requests gather for a few milliseconds once woken;
/// `stop` still writes every one, in order, the ones gathering included.
@Suite struct JournalStreamStopTests {
    @Test func stopWritesEveryRequestIncludingTheOnesGathering() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let journal = RequestJournal(capacity: 8)
        let sink = try JSONLinesSink.appending(to: path, redact: true)
        let stream = JournalStream(journal: journal, feed: journal.addFeed(keepsDetails: false), sink: sink)
        stream.start()
        for index in 1...500 {
            journal.record(
                JournalEntry(
                    time: 0, method: "GET", target: "/\(index)", status: .answered(200), duration: .zero,
                    endpointID: nil, mode: nil, latency: nil))
        }
        // `stop` blocks until the writer is done: on a thread of its own,
        // not on the test's.
        let complete = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: stream.stop()) }.start()
        }
        #expect(complete)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let paths = lines.map { line in
            line.firstRange(of: #""path":""#).map { line[$0.upperBound...].prefix { $0 != "\"" } } ?? ""
        }
        #expect(paths == (1...500).map { "/\($0)"[...] })
    }
}
