import ArgumentParser

/// Options shared by the commands that start a server.
struct ServerOptions: ParsableArguments {
    @Argument(help: "The fixtures folder holding switchboard.yml.")
    var directory: String = "fixtures"

    @Option(help: "Port to listen on (0 picks a free port). Default: the manifest's server.port, else 8080.")
    var port: Int?

    @Option(help: "Address to listen on.")
    var host: String = "127.0.0.1"

    func validate() throws {
        if let port, !(0...65535).contains(port) {
            throw ValidationError("--port must be from 0 to 65535, not \(port)")
        }
    }
}
