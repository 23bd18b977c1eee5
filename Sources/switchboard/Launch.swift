import ArgumentParser
import Foundation
import SwitchboardCore
import SwitchboardProcess
import SwitchboardServer
import SwitchboardSpecEndpoints
import SwitchboardUpstream

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
        let manifest = try self.loadManifest(
            options.directory, upstream: options.upstreamURL, seed: options.seed ?? ManifestLoader.defaultSeed)
        // The screen offers `live` where there is an upstream: the panel
        // applies `--upstream` to every manifest it is given, this one,
        // reloads and recordings included (the server routes by the option
        // itself), so the manifest handed on is the panel's.
        let panel = ControlPanel(
            manifest: manifest, random: options.random, upstream: options.upstreamURL,
            validating: options.validatesRequests)
        let journal = RequestJournal(capacity: options.journalSize)
        let session = try Session(options: options, journal: journal, quiet: quietSession, panel: panel)
        return (panel.snapshot().manifest, panel, journal, session)
    }

    /// Loads the manifest; prints every problem and fails if there are any.
    /// With `--upstream` and no manifest in the folder (or no folder),
    /// Switchboard is a plain proxy: no endpoints, every request live, and
    /// the folder is where a manifest appearing later is read from.
    static func loadManifest(
        _ directory: String, upstream: UpstreamURL? = nil, seed: UInt64 = ManifestLoader.defaultSeed
    ) throws -> Manifest {
        if upstream != nil && !self.holdsManifest(directory) {
            var proxy = Manifest(
                directory: directory, file: (directory as NSString).appendingPathComponent("switchboard.yml"),
                endpoints: [])
            // A recording writes the folder's manifest, loaded again as this one would be.
            proxy.descriptions = .openAPI
            return proxy
        }
        do {
            return try ManifestLoader.load(
                directory: directory, displayDirectory: directory, seed: seed, descriptions: .openAPI)
        } catch {
            for diagnostic in error.diagnostics { Console.error(diagnostic.description) }
            let count = error.diagnostics.count
            Console.error("switchboard: \(count) problem\(count == 1 ? "" : "s") in \(directory); nothing was started")
            throw ExitCode.failure
        }
    }

    /// Whether `directory` is a folder with a manifest in it (a file, or
    /// anything else, is for the loader to explain).
    static func holdsManifest(_ directory: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return false }
        guard isDirectory.boolValue else { return true }
        return ManifestLoader.manifestNames.contains {
            FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent($0))
        }
    }

    /// Starts the server; a taken port is one sentence and exit 1.
    static func startServer(
        manifest: Manifest, options: ServerOptions, panel: ControlPanel, journal: RequestJournal
    ) throws -> (SwitchboardServer, URLText: String) {
        let port = options.port ?? manifest.port ?? 8080
        let configuration = ServerConfiguration(
            host: options.host, port: port, threads: options.threads, controlToken: options.effectiveControlToken,
            limits: options.limits, cors: !options.noCors, noStore: options.noCache, keepAlive: !options.noKeepAlive,
            upstream: options.upstreamSettings, upstreamTransport: AsyncHTTPClientTransport.maker)
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
