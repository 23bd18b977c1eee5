import Atomics
import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// Clearing the journal frees what it held after its lock, so recording on
/// other threads (every event loop) does not wait for thousands of entries
/// to be freed.
@Suite struct JournalClearTests {
    /// Details that report when they are freed.
    final class FreeingProbe: ExchangeDetails {
        let onFree: @Sendable () -> Void
        init(onFree: @escaping @Sendable () -> Void) { self.onFree = onFree }
        deinit { self.onFree() }
        var httpVersion: String { "HTTP/1.1" }
        var requestHeaders: [HeaderField] { [] }
        var requestBody: [UInt8] { [] }
        var requestBodySize: Int { 0 }
        var responseHeaders: [HeaderField] { [] }
        var responseBody: [UInt8] { [] }
        var responseBodySize: Int { 0 }
        var retainedBytes: Int { 0 }
    }

    final class Outcome: Sendable {
        let recordedWhileFreeing = ManagedAtomic<Bool>(false)
    }

    @Test func anotherThreadRecordsWhileAClearFreesTheEntries() async throws {
        let journal = RequestJournal(capacity: 10)
        let outcome = Outcome()
        // Built in a closure, so that the journal holds the only reference.
        journal.record(
            {
                var entry = JournalEntry(
                    time: 0, method: "GET", target: "/x", status: .answered(200), duration: .milliseconds(1),
                    endpointID: "a", mode: .success, latency: nil)
                entry.details = FreeingProbe { [weak journal] in
                    guard let journal else { return }
                    // As another event loop would, meanwhile. Freed under the
                    // lock, this would wait for the clear to end, which waits
                    // for this: the timeout tells.
                    let recorded = DispatchSemaphore(value: 0)
                    Thread.detachNewThread {
                        journal.record(
                            JournalEntry(
                                time: 0, method: "GET", target: "/y", status: .answered(200),
                                duration: .milliseconds(1), endpointID: "a", mode: .success, latency: nil))
                        recorded.signal()
                    }
                    let inTime = recorded.wait(timeout: .now() + 10) == .success
                    outcome.recordedWhileFreeing.store(inTime, ordering: .relaxed)
                }
                return entry
            }())
        let dropped = try await onThread { journal.clear() }
        #expect(dropped == 1)
        let recordedWhileFreeing = outcome.recordedWhileFreeing.load(ordering: .relaxed)
        #expect(recordedWhileFreeing)
        #expect(journal.entries(after: 0).entries.map(\.target) == ["/y"])
    }
}
