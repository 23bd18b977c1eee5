import ArgumentParser
import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTerminal

#if canImport(Glibc)
    import Glibc
#endif

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the server without the screen; print one JSON line per request on stdout."
    )

    @OptionGroup var options: ServerOptions

    func run() throws {
        ProcessSignals.prepare()
        let manifest = try Launch.loadManifest(self.options.directory)
        let panel = ControlPanel(manifest: manifest, random: self.options.random)
        let journal = RequestJournal()
        let wake = WakePipe()
        journal.addListener { wake.wake() }
        let (server, url) = try Launch.startServer(
            manifest: manifest, options: self.options, panel: panel, journal: journal)
        Console.error(
            "switchboard: serving \(manifest.endpoints.count) endpoints from \(self.options.directory) on \(url)")
        let printer = RequestPrinter(journal: journal)
        let signal = printer.run(wake: wake)
        printer.flush()
        server.shutdown()
        throw ExitCode(128 + signal)
    }
}

/// Prints journal entries as JSON lines as they arrive, on the main thread,
/// so a slow stdout never holds up the event loops.
final class RequestPrinter {
    private let journal: RequestJournal
    private var lastSequence = 0

    init(journal: RequestJournal) {
        self.journal = journal
        // Whole batches are written and flushed at once; a line-buffered
        // stream would make one write per request.
        setvbuf(stdoutStream(), nil, _IOFBF, 1 << 16)
    }

    /// Runs until a quit signal; returns its number.
    func run(wake: WakePipe) -> Int32 {
        while true {
            if let signal = ProcessSignals.takeQuitSignal() { return signal }
            wake.drain()
            self.flush()
            var fds = [
                pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: ProcessSignals.quitDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            _ = poll(&fds, nfds_t(fds.count), 1000)
        }
    }

    func flush() {
        let page = self.journal.entries(after: self.lastSequence)
        self.lastSequence = page.lastSequence
        if page.missed > 0 {
            Console.error("switchboard: \(page.missed) requests were not printed (the journal outran stdout)")
        }
        guard !page.entries.isEmpty else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(page.entries.count * 320)
        for entry in page.entries {
            entry.appendJSON(to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, stdoutStream()) }
        fflush(stdoutStream())
    }
}

private func stdoutStream() -> UnsafeMutablePointer<FILE> {
    // `stdout` is a C global that strict concurrency rejects; fd 1's stream
    // is the same FILE.
    SharedStdout.stream
}

private enum SharedStdout {
    nonisolated(unsafe) static let stream: UnsafeMutablePointer<FILE> = fdopen(STDOUT_FILENO, "w")
}
