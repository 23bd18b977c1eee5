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
    let urlFile: URLFile?

    /// - Parameter quiet: the screen owns the terminal; report problems at the end.
    init(options: ServerOptions, journal: RequestJournal, quiet: Bool) throws {
        self.journal = journal
        self.harPath = options.har
        self.redact = !options.noRedact
        self.urlFile = options.urlFile.map(URLFile.init(path:))
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

    /// Tells a waiting script where the server is (`--url-file`).
    func started(serverURL: String) throws {
        guard let urlFile = self.urlFile else { return }
        do {
            try urlFile.publish(serverURL)
        } catch {
            Console.error("switchboard: \(error)")
            throw ExitCode.failure
        }
    }

    /// Flushes the log, writes the HAR file and removes the `--url-file`.
    func finish(serverURL: String) {
        self.urlFile?.remove()
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
