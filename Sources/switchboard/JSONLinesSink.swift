import Foundation
import SwitchboardCore
import Synchronization

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
    private let count = Atomic<Int>(0)

    init(output: UnsafeMutablePointer<FILE>, name: String) {
        self.output = output
        self.name = name
        // Each batch is written and flushed whole; line buffering would
        // make one write per request.
        setvbuf(output, nil, _IOFBF, 1 << 16)
    }

    /// Opens `path` for appending; a clear sentence if it cannot.
    static func appending(to path: String) throws(SinkError) -> JSONLinesSink {
        guard let file = fopen(path, "a") else {
            throw SinkError(description: "cannot write the log to '\(path)': \(String(cString: strerror(errno)))")
        }
        return JSONLinesSink(output: file, name: path)
    }

    var written: Int { self.count.load(ordering: .relaxed) }

    func write(_ entries: [JournalEntry]) throws(SinkError) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * 320)
        for entry in entries {
            entry.appendJSON(to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, self.output) }
        guard written == bytes.count, fflush(self.output) == 0 else {
            throw SinkError(description: "could not write to \(self.name): \(String(cString: strerror(errno)))")
        }
        self.count.add(entries.count, ordering: .relaxed)
    }

    func finish() throws(SinkError) {
        guard fflush(self.output) == 0 else {
            throw SinkError(description: "could not write to \(self.name): \(String(cString: strerror(errno)))")
        }
    }
}
