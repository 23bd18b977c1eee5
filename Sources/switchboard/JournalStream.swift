import Atomics
import Foundation
import NIOConcurrencyHelpers
import SwitchboardCore
import SwitchboardProcess

#if canImport(Glibc)
    import Glibc
#endif

/// Writes every journal entry to a file on a thread of its own (`serve`'s
/// stdout and `--log` as JSON lines, `--har` as HAR), in large batches, so
/// that a slow disk or pipe never holds up the event loops. It reads a
/// `JournalFeed`, not the ring: nothing is overwritten before it is written.
final class JournalStream: Sendable {
    private let feed: JournalFeed
    private let sink: any JournalSink
    private let wake = WakePipe()
    private let stopping = ManagedAtomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    /// While the screen owns the terminal, nothing may go to stderr:
    /// problems are kept and reported by `stop` instead.
    private let quiet: Bool
    private let problems = NIOLockedValueBox<[String]>([])
    private let lost = ManagedAtomic<Int>(0)
    private let detailsDropped = ManagedAtomic<Int>(0)
    private let failed = ManagedAtomic<Bool>(false)
    private let stuck = ManagedAtomic<Bool>(false)
    /// Where settings changes come from, for the marker lines; `nil`
    /// writes requests only.
    private let panel: ControlPanel?

    /// - Parameter feed: from `journal.addFeed` (before the server starts,
    ///   so that no request comes before it), keeping details if `sink`
    ///   needs them.
    init(
        journal: RequestJournal, feed: JournalFeed, sink: any JournalSink, quiet: Bool = false,
        panel: ControlPanel? = nil
    ) {
        self.feed = feed
        self.sink = sink
        self.quiet = quiet
        self.panel = panel
        let wake = self.wake
        journal.addListener { wake.wake() }
        panel?.addListener { wake.wake() }
    }

    func start() {
        let thread = Thread { self.run() }
        thread.name = "switchboard-journal-stream"
        thread.start()
    }

    /// Writes what is left, finishes the file, and returns once it is
    /// written; says what could not be written, if anything, and returns
    /// whether every request was written.
    ///
    /// It waits as long as the writer makes progress, and gives up after a
    /// few seconds without any: a pipe nobody reads (a paused pager) must not
    /// keep the process from exiting on Ctrl-C.
    @discardableResult
    func stop() -> Bool {
        self.stopping.store(true, ordering: .sequentiallyConsistent)
        self.wake.wake()
        var seen = self.sink.written
        while self.finished.wait(timeout: .now() + 3) == .timedOut {
            let now = self.sink.written
            if now == seen {
                self.stuck.store(true, ordering: .relaxed)
                self.report(
                    "switchboard: \(self.sink.name) stopped taking writes; requests after \(now) were not written")
                self.flushProblems()
                return false
            }
            seen = now
        }
        var complete = !self.failed.load(ordering: .relaxed)
        if complete {
            do {
                try self.sink.finish()
            } catch {
                complete = false
                self.report("switchboard: \(error.description)")
            }
        }
        // After a failed write the file is left as it is (a HAR stays
        // `.partial`) rather than closed into something that looks whole.
        self.flushProblems()
        let lost = self.lost.load(ordering: .relaxed)
        if lost > 0 {
            Console.error(
                "switchboard: \(lost) requests were not written to \(self.sink.name): "
                    + "\(ByteSize.format(self.feed.backlogBudget)) of requests were already waiting for it to "
                    + "accept writes")
        }
        let stripped = self.detailsDropped.load(ordering: .relaxed)
        if stripped > 0 {
            Console.error(
                "switchboard: \(stripped) requests in \(self.sink.name) have no headers or bodies: it fell "
                    + "more than \(ByteSize.format(self.feed.detailBacklogBudget)) of them behind")
        }
        return complete && lost == 0
    }

    var name: String { self.sink.name }

    /// `stop` gave up on a writer blocked in a write: the process must
    /// leave with `_exit`, since `exit` would flush the same stream and
    /// block there for ever.
    var isStuck: Bool { self.stuck.load(ordering: .relaxed) }

    /// Requests written so far.
    var written: Int { self.sink.written }

    /// What the screen kept back while it owned the terminal.
    private func flushProblems() {
        if self.quiet { for problem in self.problems.withLockedValue({ $0 }) { Console.error(problem) } }
    }

    private func report(_ problem: String) {
        if self.quiet { self.problems.withLockedValue { $0.append(problem) } } else { Console.error(problem) }
    }

    /// Requests and markers in the order of their times: a request that
    /// arrived before a change goes before its marker.
    private func write(_ entries: [JournalEntry], _ changes: [PanelChange]) throws(SinkError) {
        // Nearly always: no marker to put between them.
        guard !changes.isEmpty else { return try self.sink.write(entries) }
        var rest = entries[...]
        for change in changes {
            let before = rest.prefix { $0.time <= change.time }
            if !before.isEmpty { try self.sink.write(Array(before)) }
            rest = rest.dropFirst(before.count)
            try self.sink.write(change)
        }
        if !rest.isEmpty { try self.sink.write(Array(rest)) }
    }

    private func run() {
        // The newest settings change written, as a marker line.
        var lastChange = 0
        // Each batch, taken into the array of the one before.
        var entries: [JournalEntry] = []
        while true {
            let stop = self.stopping.load(ordering: .sequentiallyConsistent)
            self.wake.drain()
            let (lost, detailsDropped) = self.feed.take(into: &entries)
            self.lost.wrappingIncrement(by: lost, ordering: .relaxed)
            self.detailsDropped.wrappingIncrement(by: detailsDropped, ordering: .relaxed)
            let changes = self.panel?.changes(after: lastChange) ?? []
            lastChange = changes.last?.sequence ?? lastChange
            if (!entries.isEmpty || !changes.isEmpty) && !self.failed.load(ordering: .relaxed) {
                do {
                    try self.write(entries, changes)
                } catch {
                    // Said once; the server serves on without its log.
                    self.failed.store(true, ordering: .relaxed)
                    self.report("switchboard: \(error.description); no more requests go there")
                }
            }
            if stop { break }
            // A large batch says the writer is behind: the next one gathered
            // while it wrote, and it takes it at once. A pause here would let
            // requests pile up faster than they are written, past the feed's
            // budget (a HAR written at 70,000 requests a second lost a sixth
            // of them so).
            if entries.count > Self.behind { continue }
            var descriptor = pollfd(fd: self.wake.readDescriptor, events: Int16(POLLIN), revents: 0)
            // Woken: let `gathering` of requests gather before taking them,
            // the pipe left undrained meanwhile, so that the requests that
            // come in that time find a wake-up pending and do not write to
            // it. One wake-up, take and write per gathering rather than per
            // request when they come one at a time; under load, fewer,
            // larger writes. `stop` waits at most this long more.
            if poll(&descriptor, 1, 1000) > 0 && !self.stopping.load(ordering: .relaxed) {
                var pause = Self.gathering
                nanosleep(&pause, nil)
            }
        }
        self.finished.signal()
    }

    /// How long a woken writer lets requests gather before writing them:
    /// short enough for a log read as it grows, long enough that requests
    /// a few hundred microseconds apart share one write.
    static let gathering = timespec(tv_sec: 0, tv_nsec: 5_000_000)

    /// A batch larger than this is a writer behind, which does not pause.
    static let behind = 64
}

/// Where a `JournalStream` writes.
protocol JournalSink: Sendable {
    /// For messages: `stdout`, a path.
    var name: String { get }
    /// Requests written so far.
    var written: Int { get }
    func write(_ entries: [JournalEntry]) throws(SinkError)
    /// A marker line for a change of settings.
    func write(_ change: PanelChange) throws(SinkError)
    func finish() throws(SinkError)
}

struct SinkError: Error, CustomStringConvertible {
    let description: String
}
