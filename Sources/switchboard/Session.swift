import ArgumentParser
import Foundation
import SwitchboardCore

/// What a run leaves behind besides the screen: the `--log` file and the
/// `--har` file, both written as requests arrive (the HAR file is closed
/// and moved into place on exit). Neither misses a request: each reads its
/// own feed of the journal, opened before the server starts.
struct Session {
    let log: JournalStream?
    let harPath: String?
    let harFeed: JournalFeed?
    let redact: Bool
    let quiet: Bool
    let journal: RequestJournal

    /// - Parameter quiet: the screen owns the terminal; report problems at the end.
    init(options: ServerOptions, journal: RequestJournal, quiet: Bool) throws {
        self.journal = journal
        self.harPath = options.har
        self.harFeed = options.har.map { _ in journal.addFeed(keepsDetails: true) }
        self.redact = !options.noRedact
        self.quiet = quiet
        if let path = options.log {
            do {
                let sink = try JSONLinesSink.appending(to: path)
                let stream = JournalStream(
                    journal: journal, feed: journal.addFeed(keepsDetails: false), sink: sink, quiet: quiet)
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

    /// Starts writing the HAR file, now that the server's URL is known.
    func begin(serverURL: String) throws -> Session.Running {
        guard let path = self.harPath, let feed = self.harFeed else { return Running(log: self.log, har: nil) }
        do {
            let sink = try HARSink(path: path, serverURL: serverURL, redact: self.redact)
            let stream = JournalStream(journal: self.journal, feed: feed, sink: sink, quiet: self.quiet)
            stream.start()
            return Running(log: self.log, har: stream)
        } catch {
            Console.error("switchboard: \(error.description)")
            throw ExitCode.failure
        }
    }

    /// The session's writers once the server runs.
    struct Running {
        let log: JournalStream?
        let har: JournalStream?

        /// Writes what is left to the log and closes the HAR file.
        func finish() {
            self.log?.stop()
            guard let har = self.har, har.stop() else { return }
            Console.error("switchboard: wrote \(har.written) requests to \(har.name)")
        }
    }
}
