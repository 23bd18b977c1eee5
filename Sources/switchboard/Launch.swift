import ArgumentParser
import Foundation
import SwitchboardCore
import SwitchboardProcess
import SwitchboardServer

/// What every server-starting command does first: load the fixtures and
/// bind the port, or say clearly why not.
enum Launch {
    /// What the screen and `serve` set up before the server starts: signals
    /// and limits first (before any thread starts), then the fixtures, the
    /// panel, the journal and the `--log`/`--har` session.
    static func prepare(
        _ options: ServerOptions, quietSession: Bool
    ) throws -> (manifest: Manifest, panel: ControlPanel, journal: RequestJournal, session: Session) {
        ProcessSignals.prepare()
        raiseOpenFileLimit()
        let manifest = try self.loadManifest(options.directory)
        let panel = ControlPanel(manifest: manifest, random: options.random)
        let journal = RequestJournal(capacity: options.journalSize)
        let session = try Session(options: options, journal: journal, quiet: quietSession)
        return (manifest, panel, journal, session)
    }

    /// Loads the manifest; prints every problem and fails if there are any.
    static func loadManifest(_ directory: String) throws -> Manifest {
        do {
            return try ManifestLoader.load(directory: directory, displayDirectory: directory)
        } catch {
            for diagnostic in error.diagnostics { Console.error(diagnostic.description) }
            let count = error.diagnostics.count
            Console.error("switchboard: \(count) problem\(count == 1 ? "" : "s") in \(directory); nothing was started")
            throw ExitCode.failure
        }
    }

    /// Starts the server; a taken port is one sentence and exit 1.
    static func startServer(
        manifest: Manifest, options: ServerOptions, panel: ControlPanel, journal: RequestJournal
    ) throws -> (SwitchboardServer, URLText: String) {
        let port = options.port ?? manifest.port ?? 8080
        let configuration = ServerConfiguration(
            host: options.host, port: port, threads: options.threads, controlToken: options.effectiveControlToken,
            limits: options.limits, cors: !options.noCors, noStore: options.noCache, keepAlive: !options.noKeepAlive)
        let server = SwitchboardServer(panel: panel, journal: journal, configuration: configuration)
        do {
            let bound = try server.start()
            let host = options.host.contains(":") ? "[\(options.host)]" : options.host
            if !configuration.isLoopbackOnly {
                Console.error(
                    "switchboard: warning: listening on \(options.host), so other machines can reach the fake API. "
                        + (options.effectiveControlToken == nil
                            ? "The control API still answers this machine only; set --control-token to drive it from elsewhere."
                            : "The control API answers anyone with the --control-token."))
            }
            return (server, "http://\(host):\(bound)")
        } catch {
            Console.error("switchboard: \(error.description)")
            throw ExitCode.failure
        }
    }
}

/// Starts watching the fixtures unless `--no-reload`; `report` hears each
/// reload (the screen shows them through the control panel instead).
func watchFixtures(
    _ options: ServerOptions, panel: ControlPanel, report: @escaping @Sendable (FixtureWatcher.Event) -> Void
) -> FixtureWatcher? {
    guard !options.noReload else { return nil }
    let watcher = FixtureWatcher(
        directory: options.directory, displayDirectory: options.directory, panel: panel, onEvent: report)
    watcher.start()
    return watcher
}

/// Lets this process hold as many connections as the system allows: the
/// default soft limit (often 1,024 descriptors) is far below what a load
/// test opens.
func raiseOpenFileLimit() {
    var limit = rlimit()
    guard getrlimit(RLIMIT_NOFILE_VALUE, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(RLIMIT_NOFILE_VALUE, &limit)
}

#if canImport(Glibc)
    import Glibc
    private let RLIMIT_NOFILE_VALUE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
#endif

/// Writes to the standard streams without Foundation's buffering surprises.
enum Console {
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
