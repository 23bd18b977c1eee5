import SwitchboardCore

/// The session as a HAR file, written as requests arrive and closed on exit.
final class HARSink: JournalSink {
    private let file: HARFile

    init(path: String, serverURL: String, redact: Bool) throws(SinkError) {
        do {
            self.file = try HARFile(path: path, serverURL: serverURL, redact: redact)
        } catch {
            throw SinkError(description: error.description)
        }
    }

    var name: String { self.file.path }
    var written: Int { self.file.count }

    /// A slice at a time, as `JSONLinesSink` does: entries with their
    /// headers and bodies make large bytes.
    func write(_ entries: [JournalEntry]) throws(SinkError) {
        var start = entries.startIndex
        while start < entries.endIndex {
            let end = min(start + 128, entries.endIndex)
            do { try self.file.append(entries[start..<end]) } catch { throw SinkError(description: error.description) }
            start = end
        }
    }

    func write(_ change: PanelChange) throws(SinkError) {
        self.file.addMarker(change)
    }

    func finish() throws(SinkError) {
        do { try self.file.finish() } catch { throw SinkError(description: error.description) }
    }
}
