import ArgumentParser
import Foundation
import SwitchboardCore
import SwitchboardServer

/// What every server-starting command does first: load the fixtures and
/// bind the port, or say clearly why not.
enum Launch {
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
        let server = SwitchboardServer(
            panel: panel, journal: journal,
            configuration: ServerConfiguration(
                host: options.host, port: port, threads: options.threads, controlToken: options.controlToken))
        do {
            let bound = try server.start()
            let host = options.host.contains(":") ? "[\(options.host)]" : options.host
            return (server, "http://\(host):\(bound)")
        } catch {
            Console.error("switchboard: \(error.description)")
            throw ExitCode.failure
        }
    }
}

/// Writes to the standard streams without Foundation's buffering surprises.
enum Console {
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
