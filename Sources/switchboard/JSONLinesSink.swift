import Atomics
import Foundation
import SwitchboardCore
import SwitchboardJSON

#if canImport(Glibc)
    import Glibc
#endif

/// One JSON line per request (`serve`'s stdout, `--log`), each batch in one
/// write.
final class JSONLinesSink: JournalSink {
    let name: String
    /// Only the stream's thread writes through it, and stdio locks each
    /// call besides.
    private nonisolated(unsafe) let output: UnsafeMutablePointer<FILE>
    private let count = ManagedAtomic<Int>(0)
    /// Query credentials read `REDACTED` (off with `--no-redact`).
    private let redact: Bool
    /// Opened here (`--log`), so closed by `finish`; stdout is not ours.
    private let owned: Bool

    init(output: UnsafeMutablePointer<FILE>, name: String, redact: Bool, owned: Bool = false) {
        self.output = output
        self.name = name
        self.redact = redact
        self.owned = owned
        // Each batch is written and flushed whole; line buffering would
        // make one write per request. The buffer is given, not asked for:
        // glibc ignores the size when the buffer is nil and takes the
        // file's block size, 4 KB for a pipe or a terminal, so a batch of
        // a few dozen lines went out in two or three writes.
        setvbuf(output, self.buffer, _IOFBF, Self.bufferSize)
    }

    /// stdio's buffer for `output`. A stream must not outlive its buffer:
    /// freed only once `finish` has closed a file of ours; stdout's stays
    /// for the life of the process (one sink per run). Only stdio reads
    /// and writes it, under the stream's own lock.
    private nonisolated(unsafe) let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: JSONLinesSink.bufferSize)
    private let closed = ManagedAtomic<Bool>(false)
    static let bufferSize = 1 << 16

    deinit {
        if self.closed.load(ordering: .acquiring) { self.buffer.deallocate() }
    }

    /// Opens `path` for appending; a clear sentence if it cannot.
    static func appending(to path: String, redact: Bool) throws(SinkError) -> JSONLinesSink {
        guard let file = fopen(path, "a") else {
            throw SinkError(description: "cannot write the log to '\(path)': \(String(cString: strerror(errno)))")
        }
        return JSONLinesSink(output: file, name: path, redact: redact, owned: true)
    }

    var written: Int { self.count.load(ordering: .relaxed) }

    /// Lines are made and written a slice at a time: the bytes in memory
    /// stay small however far behind the writer is.
    static let slice = 512

    /// The slice's lines, written into memory kept from one batch to the
    /// next. Only the stream's thread calls `write`, which is what makes
    /// this mutable state safe in a `Sendable` sink, and it takes each of
    /// these once per batch and nothing else touches them: no access can
    /// overlap another, so none is checked at run time (two checks cost
    /// some 240 instructions a batch, a batch being a request or two).
    @exclusivity(unchecked) private nonisolated(unsafe) var lines = JSONByteWriter(capacity: 64 * 1024)
    /// The last line's outcome and its bytes, for the next line with the
    /// same (`JournalLineCache`); the stream's thread's alone, as `lines`.
    @exclusivity(unchecked) private nonisolated(unsafe) var outcomes = JournalLineCache()

    func write(_ entries: [JournalEntry]) throws(SinkError) {
        try Self.write(entries, redact: self.redact, into: &self.lines, reusing: &self.outcomes) {
            bytes throws(SinkError) in
            let written = fwrite(bytes.baseAddress, 1, bytes.count, self.output)
            guard written == bytes.count else { throw self.failure() }
        } counted: { lines in
            self.count.wrappingIncrement(by: lines, ordering: .relaxed)
        }
        guard fflush(self.output) == 0 else { throw self.failure() }
    }

    /// One access to `lines` for the whole batch, not one per line.
    private static func write(
        _ entries: [JournalEntry], redact: Bool, into lines: inout JSONByteWriter,
        reusing outcomes: inout JournalLineCache, _ output: (UnsafeBufferPointer<UInt8>) throws(SinkError) -> Void,
        counted: (Int) -> Void
    ) throws(SinkError) {
        var start = entries.startIndex
        while start < entries.endIndex {
            let end = min(start + Self.slice, entries.endIndex)
            // A slice of long lines (60KB queries) may grow it: given back.
            lines.removeAll(keepingCapacityUpTo: 1 << 20)
            // By index: iterating the slice would copy each entry first.
            for index in start..<end {
                entries[index].appendJSONLine(to: &lines, redact: redact, reusing: &outcomes)
            }
            try lines.withBytes { bytes throws(SinkError) in try output(bytes) }
            counted(end - start)
            start = end
        }
    }

    /// `{"marker":"login → server_error","by":"key","time":"…Z"}`: a
    /// change of settings, among the requests it affected.
    func write(_ change: PanelChange) throws(SinkError) {
        let line =
            #"{"marker":"# + JSONText.quoted(change.summary) + #","by":"# + JSONText.quoted(change.origin.label)
            + #","time":"# + JSONText.quoted(Timestamp.iso8601(change.time)) + "}\n"
        let bytes = Array(line.utf8)
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, self.output) }
        guard written == bytes.count, fflush(self.output) == 0 else { throw self.failure() }
    }

    private func failure() -> SinkError {
        SinkError(description: "could not write to \(self.name): \(String(cString: strerror(errno)))")
    }

    func finish() throws(SinkError) {
        guard self.owned else {
            guard fflush(self.output) == 0 else { throw self.failure() }
            return
        }
        // fclose flushes, and says whether the last bytes reached the file.
        let result = fclose(self.output)
        self.closed.store(true, ordering: .releasing)
        guard result == 0 else { throw self.failure() }
    }
}
