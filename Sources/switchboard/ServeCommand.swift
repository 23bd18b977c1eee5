import ArgumentParser
import Foundation
import SwitchboardCore
import SwitchboardProcess
import SwitchboardServer

#if canImport(Glibc)
    import Glibc
#endif

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the server without the screen; print one JSON line per request on stdout."
    )

    @OptionGroup var options: ServerOptions

    @Flag(
        help: ArgumentHelp(
            "Write every live answer into the fixtures as it completes.",
            discussion: "The manifest is written at most once a second; each answer replaces the last one recorded."))
    var record = false

    @Flag(
        help: ArgumentHelp(
            "Print no JSON line per request on stdout.",
            discussion: "The journal, the control API, --log and --har still have every request."))
    var quiet = false

    func run() throws {
        let (manifest, panel, journal, session) = try Launch.prepare(self.options, quietSession: false)
        let stdout =
            self.quiet
            ? nil
            : JournalStream(
                journal: journal, feed: journal.addFeed(keepsDetails: false),
                sink: JSONLinesSink(output: StandardStreams.stdout, name: "stdout", redact: !self.options.noRedact),
                panel: panel)
        stdout?.start()
        let (server, url) = try Launch.startServer(
            manifest: manifest, options: self.options, panel: panel, journal: journal)
        let running = try session.begin(serverURL: url, stoppingOnFailure: server)
        let count = manifest.endpoints.count
        let upstream = self.options.upstreamURL ?? manifest.upstream
        Console.error(
            "switchboard: serving \(count) endpoint\(count == 1 ? "" : "s") from \(self.options.directory) on \(url)"
                + (manifest.basePath.isEmpty ? "" : " (and under \(manifest.basePath))")
                + (upstream.map { ", in front of \($0)" } ?? ""))
        // After the banner, which scripts read first for the port.
        for warning in manifest.warnings { Console.error(warning.description) }
        // A CI log has no screen to show it in red: it must say so itself.
        if self.options.upstreamInsecure { Console.error(ServerOptions.insecureWarning) }
        let watch = FixtureFolderWatch.unlessNoReload(self.options, panel: panel) { event in
            switch event {
            case .reloaded(0):
                Console.error("switchboard: warning: the fixtures now declare no endpoints; every request answers 404")
            case .reloaded(let endpoints):
                for warning in panel.snapshot().manifest.warnings {
                    Console.error(warning.description)
                }
                Console.error(
                    "switchboard: reloaded \(endpoints) endpoint\(endpoints == 1 ? "" : "s") from the fixtures")
            case .failed(let problems):
                for problem in problems { Console.error(problem.description) }
                Console.error("switchboard: reload failed; still serving the last good fixtures until this is fixed")
            }
        }
        watch?.startIfThere()
        if let watch { server.whenRecordingCreatesFolder { watch.startIfThere() } }
        if self.record {
            server.recordEverySecond { result in
                switch result {
                case .success(let recorded):
                    guard !recorded.written.isEmpty || !recorded.skipped.isEmpty else { return }
                    for line in RecordCommand.lines(recorded) { Console.error("switchboard: recorded \(line)") }
                case .failure(let refusal):
                    Console.error("switchboard: recording failed: " + refusal.message)
                }
            }
        }
        let signal = Self.waitForQuitSignal()
        watch?.stop()
        server.shutdown()
        stdout?.stop()
        running.finish()
        if stdout?.isStuck == true || running.isStuck { _exit(128 + signal) }
        throw ExitCode(128 + signal)
    }

    private static func waitForQuitSignal() -> Int32 {
        while true {
            if let signal = ProcessSignals.takeQuitSignal() { return signal }
            var descriptor = pollfd(fd: ProcessSignals.quitDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 1000)
        }
    }
}

/// C's standard streams, which strict concurrency will not let us name.
enum StandardStreams {
    nonisolated(unsafe) static let stdout: UnsafeMutablePointer<FILE> = fdopen(STDOUT_FILENO, "w")
}
