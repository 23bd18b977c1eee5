import ArgumentParser
import Foundation
import SwitchboardCore
import SwitchboardServer

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
    /// Its changes become marker lines in both files.
    let panel: ControlPanel?
    let urlFile: URLFile?

    /// - Parameter quiet: the screen owns the terminal; report problems at the end.
    init(options: ServerOptions, journal: RequestJournal, quiet: Bool, panel: ControlPanel? = nil) throws {
        self.journal = journal
        self.panel = panel
        self.harPath = options.har
        self.harFeed = options.har.map { _ in journal.addFeed(keepsDetails: true) }
        self.redact = !options.noRedact
        self.urlFile = options.urlFile.map(URLFile.init(path:))
        self.quiet = quiet
        if let path = options.log {
            do {
                let sink = try JSONLinesSink.appending(to: path, redact: self.redact)
                let stream = JournalStream(
                    journal: journal, feed: journal.addFeed(keepsDetails: false), sink: sink, quiet: quiet,
                    panel: panel)
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

    /// Starts writing the HAR file, now that the server's URL is known,
    /// then tells a waiting script where the server is (`--url-file`): the
    /// file appears only once everything is ready.
    func begin(serverURL: String) throws -> Session.Running {
        var har: JournalStream?
        if let path = self.harPath, let feed = self.harFeed {
            do {
                let sink = try HARSink(path: path, serverURL: serverURL, redact: self.redact)
                har = JournalStream(
                    journal: self.journal, feed: feed, sink: sink, quiet: self.quiet, panel: self.panel)
                har?.start()
            } catch {
                Console.error("switchboard: \(error.description)")
                throw ExitCode.failure
            }
        }
        if let urlFile = self.urlFile {
            do {
                try urlFile.publish(serverURL)
            } catch {
                Console.error("switchboard: \(error)")
                throw ExitCode.failure
            }
        }
        return Running(log: self.log, har: har, urlFile: self.urlFile)
    }

    /// `begin`, stopping `server` if the session cannot start: nothing is
    /// left serving that nobody was told about.
    func begin(serverURL: String, stoppingOnFailure server: SwitchboardServer) throws -> Session.Running {
        do {
            return try self.begin(serverURL: serverURL)
        } catch {
            server.shutdown()
            throw error
        }
    }

    /// The session's writers once the server runs.
    struct Running {
        let log: JournalStream?
        let har: JournalStream?
        let urlFile: URLFile?

        /// A writer is blocked for good (see `JournalStream.isStuck`).
        var isStuck: Bool { (self.log?.isStuck ?? false) || (self.har?.isStuck ?? false) }

        /// Removes the `--url-file`, writes what is left to the log and
        /// closes the HAR file.
        func finish() {
            self.urlFile?.remove()
            self.log?.stop()
            guard let har = self.har, har.stop() else { return }
            Console.error("switchboard: wrote \(har.written) requests to \(har.name)")
        }
    }
}
