import Foundation
import SwitchboardCore
import SwitchboardTerminal
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Follows the journal on a thread of its own and writes every entry as a
/// JSON line to a stream (`serve`'s stdout, a `--log` file), in batches, so
/// that a slow disk or pipe never holds up the event loops.
final class JournalStream: Sendable {
    private let journal: RequestJournal
    private let wake = WakePipe()
    private let stopping = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private nonisolated(unsafe) let output: UnsafeMutablePointer<FILE>
    private let name: String
    /// While the screen owns the terminal, nothing may go to stderr: lines
    /// lost are counted and reported by `stop` instead.
    private let quiet: Bool
    private let lost = Atomic<Int>(0)

    init(journal: RequestJournal, output: UnsafeMutablePointer<FILE>, name: String, quiet: Bool = false) {
        self.journal = journal
        self.output = output
        self.name = name
        self.quiet = quiet
        // Whole batches are written and flushed at once; a line-buffered
        // stream would make one write per request.
        setvbuf(output, nil, _IOFBF, 1 << 16)
        let wake = self.wake
        journal.addListener { wake.wake() }
    }

    /// Opens `path` for appending; a clear sentence if it cannot.
    static func appending(to path: String, journal: RequestJournal, quiet: Bool) throws(LogFileError) -> JournalStream {
        guard let file = fopen(path, "a") else {
            throw LogFileError(description: "cannot write the log to '\(path)': \(String(cString: strerror(errno)))")
        }
        return JournalStream(journal: journal, output: file, name: path, quiet: quiet)
    }

    struct LogFileError: Error, CustomStringConvertible {
        let description: String
    }

    func start() {
        let thread = Thread { self.run() }
        thread.name = "switchboard-journal-stream"
        thread.start()
    }

    /// Writes what is left and returns once it is written; says how many
    /// requests could not be written, if any.
    func stop() {
        self.stopping.store(true, ordering: .sequentiallyConsistent)
        self.wake.wake()
        self.finished.wait()
        let lost = self.lost.load(ordering: .relaxed)
        if lost > 0 {
            Console.error("switchboard: \(lost) requests were not written to \(self.name) (it fell behind)")
        }
    }

    private func run() {
        var last = 0
        while true {
            let stop = self.stopping.load(ordering: .sequentiallyConsistent)
            self.wake.drain()
            let page = self.journal.entries(after: last)
            last = page.lastSequence
            if page.missed > 0 {
                if self.quiet {
                    self.lost.add(page.missed, ordering: .relaxed)
                } else {
                    Console.error(
                        "switchboard: \(page.missed) requests were not written to \(self.name) (it fell behind)")
                }
            }
            if !page.entries.isEmpty {
                var bytes: [UInt8] = []
                bytes.reserveCapacity(page.entries.count * 320)
                for entry in page.entries {
                    entry.appendJSON(to: &bytes)
                    bytes.append(UInt8(ascii: "\n"))
                }
                _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, self.output) }
                fflush(self.output)
            }
            if stop { break }
            // Under load, gather a few milliseconds of requests per batch:
            // fewer, larger reads of the journal keep its lock quiet.
            if page.entries.count > 64 {
                var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
                nanosleep(&pause, nil)
                continue
            }
            var descriptor = pollfd(fd: self.wake.readDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 1000)
        }
        self.finished.signal()
    }
}
