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

    func write(_ entries: [JournalEntry]) throws(SinkError) {
        do { try self.file.append(entries) } catch { throw SinkError(description: error.description) }
    }

    func finish() throws(SinkError) {
        do { try self.file.finish() } catch { throw SinkError(description: error.description) }
    }
}
