import ArgumentParser
import Foundation
import SwitchboardCore

/// What a run leaves behind besides the screen: the `--log` file, written as
/// requests arrive, and the `--har` file, written on exit.
struct Session {
    let log: JournalStream?
    let harPath: String?
    let redact: Bool
    let journal: RequestJournal

    /// - Parameter quiet: the screen owns the terminal; report problems at the end.
    init(options: ServerOptions, journal: RequestJournal, quiet: Bool) throws {
        self.journal = journal
        self.harPath = options.har
        self.redact = !options.noRedact
        if let path = options.log {
            do {
                let stream = try JournalStream.appending(to: path, journal: journal, quiet: quiet)
                stream.start()
                self.log = stream
            } catch {
                Console.error("switchboard: \(error.description)")
                throw ExitCode.failure
            }
        } else {
            self.log = nil
        }
    }

    /// Flushes the log and writes the HAR file.
    func finish(serverURL: String) {
        self.log?.stop()
        guard let path = self.harPath else { return }
        do {
            let entries = self.journal.entries(after: 0).entries
            try HARWriter.write(entries, to: path, serverURL: serverURL, redact: self.redact)
            Console.error("switchboard: wrote \(entries.count) requests to \(path)")
        } catch {
            Console.error("switchboard: could not write \(path): \(error.localizedDescription)")
        }
    }
}
