import ArgumentParser
import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTUI
import SwitchboardTerminal

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Serve the fixtures and open the control screen (the default command)."
    )

    @OptionGroup var options: ServerOptions

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        if let problem = TerminalCheck.problem(environment: environment) {
            Console.error("switchboard: \(problem)")
            throw ExitCode.failure
        }
        let (manifest, panel, journal, session) = try Launch.prepare(self.options, quietSession: true)
        let (server, url) = try Launch.startServer(
            manifest: manifest, options: self.options, panel: panel, journal: journal)
        let running = try session.begin(serverURL: url, stoppingOnFailure: server)
        let watch = FixtureFolderWatch.unlessNoReload(self.options, panel: panel)
        watch?.startIfThere()
        if let watch { server.whenRecordingCreatesFolder { watch.startIfThere() } }
        defer {
            watch?.stop()
            server.shutdown()
            running.finish()
        }
        let screen = ScreenLoop(
            panel: panel, journal: journal, serverURL: url,
            colorWanted: !TerminalCheck.colorDisabled(environment: environment), redact: !self.options.noRedact,
            upstreamInsecure: self.options.upstreamInsecure,
            recording: ScreenRecording.capability(server: server, directory: self.options.directory),
            replay: RequestReplay { copy in
                // The Host the client would have sent: the server's address.
                let host = String(url.drop { $0 != "/" }.dropFirst(2))
                do throws(SwitchboardServer.ReplayFailure) {
                    return .success(try await server.sendToItself(copy.wireBytes(host: host)))
                } catch {
                    return .failure(ReplayError(error.description))
                }
            })
        let exit: ScreenExit
        do {
            // In-flight requests are answered and journaled before the
            // terminal is given back.
            exit = try screen.run(beforeRestore: { server.shutdown() })
        } catch {
            Console.error("switchboard: \(error.description)")
            throw ExitCode.failure
        }
        if exit.status != 0 { throw ExitCode(exit.status) }
    }
}
