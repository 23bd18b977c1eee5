import Atomics
import Foundation
import SwitchboardCore

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
        // make one write per request.
        setvbuf(output, nil, _IOFBF, 1 << 16)
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

    func write(_ entries: [JournalEntry]) throws(SinkError) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.slice * 320)
        var start = entries.startIndex
        while start < entries.endIndex {
            let end = min(start + Self.slice, entries.endIndex)
            bytes.removeAll(keepingCapacity: true)
            // By index: iterating the slice would copy each entry first.
            for index in start..<end {
                entries[index].appendJSON(to: &bytes, redact: self.redact)
                bytes.append(UInt8(ascii: "\n"))
            }
            let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, self.output) }
            guard written == bytes.count else { throw self.failure() }
            self.count.wrappingIncrement(by: end - start, ordering: .relaxed)
            start = end
        }
        guard fflush(self.output) == 0 else { throw self.failure() }
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
        guard fclose(self.output) == 0 else { throw self.failure() }
    }
}
