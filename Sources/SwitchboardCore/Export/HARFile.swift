import Foundation
import NIOConcurrencyHelpers

/// A HAR file written as entries come: the opening at once, each batch of
/// entries as it arrives, the closing at `finish`. It is written under a
/// temporary name beside `path` (`path.partial`) and renamed into place
/// when finished, so `path` only ever holds a whole document.
public final class HARFile: Sendable {
    public let path: String
    private let serverURL: String
    private let redact: Bool
    private let state: NIOLockedValueBox<State>

    // @unchecked: the FILE pointer and the entry writer (which holds the
    // last shared response it wrote, an `AnyObject`) are not Sendable, but
    // neither leaves the lock: every use of them is inside `withLockedValue`.
    private struct State: @unchecked Sendable {
        var file: UnsafeMutablePointer<FILE>?
        var count = 0
        /// Marker lines for the log's `comment`, written at `finish`.
        var markers: [String] = []
        /// Kept from one batch to the next: what it keeps of the entries
        /// it wrote is what the next batch's entries share.
        var writer: HAREntryBytes
    }

    public var partialPath: String { self.path + ".partial" }

    /// Entries written so far.
    public var count: Int { self.state.withLockedValue { $0.count } }

    public init(path: String, serverURL: String, redact: Bool) throws(WriteError) {
        self.path = path
        self.serverURL = serverURL
        self.redact = redact
        guard let file = fopen(path + ".partial", "w") else { throw WriteError(path: path, code: errno) }
        self.state = NIOLockedValueBox(State(file: file, writer: HAREntryBytes(redact: redact)))
        try self.write(Array(HARWriter.prologue.utf8))
    }

    /// Appends entries (in the order given).
    public func append(_ entries: some Collection<JournalEntry>) throws(WriteError) {
        guard !entries.isEmpty else { return }
        let bytes = self.state.withLockedValue { state in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(entries.count * 1024)
            var first = state.count == 0
            for entry in entries {
                HARWriter.appendEntry(entry, first: first, to: &bytes, serverURL: self.serverURL, writer: &state.writer)
                first = false
            }
            return bytes
        }
        try self.write(bytes)
        self.state.withLockedValue { $0.count += entries.count }
    }

    /// Keeps a change of settings for the log's `comment` (HAR 1.2 allows
    /// one there): the changes, one a line, read as the session's story
    /// beside the entries' times.
    public func addMarker(_ change: PanelChange) {
        let line = Timestamp.iso8601(change.time) + "  " + change.text
        self.state.withLockedValue { $0.markers.append(line) }
    }

    /// Closes the document and moves it to `path`.
    public func finish() throws(WriteError) {
        let markers = self.state.withLockedValue { $0.markers }
        try self.write(Array(HARWriter.epilogue(markers: markers).utf8))
        let closed: Int32 = self.state.withLockedValue { state in
            defer { state.file = nil }
            return state.file.map { fclose($0) } ?? 0
        }
        guard closed == 0 else { throw WriteError(path: self.path, code: errno) }
        guard rename(self.partialPath, self.path) == 0 else { throw WriteError(path: self.path, code: errno) }
    }

    private func write(_ bytes: [UInt8]) throws(WriteError) {
        let failed: Int32? = self.state.withLockedValue { state in
            guard let file = state.file else { return EBADF }
            let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
            return written == bytes.count ? nil : errno
        }
        if let failed { throw WriteError(path: self.path, code: failed) }
    }

    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let code: Int32
        public var description: String { "could not write \(self.path): \(String(cString: strerror(self.code)))" }
    }
}
