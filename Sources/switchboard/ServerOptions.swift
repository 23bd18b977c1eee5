import ArgumentParser
import SwitchboardCore

/// Options shared by the commands that start a server.
struct ServerOptions: ParsableArguments {
    @Argument(help: "The fixtures folder holding switchboard.yml.")
    var directory: String = "fixtures"

    @Option(
        parsing: .unconditional,
        help: "Port to listen on (0 picks a free port). Default: the manifest's server.port, else 8080.")
    var port: Int?

    @Option(help: "Address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "Event-loop threads serving requests (default: one per core).")
    var threads: Int?

    @Option(help: "Seed for flaky outcomes, random delays and garbage bytes: the same seed repeats a run exactly.")
    var seed: UInt64?

    @Option(help: "Require 'Authorization: Bearer TOKEN' on control API calls, and accept them from any address.")
    var controlToken: String?

    @Option(help: "Append every request to this file as one JSON line.")
    var log: String?

    @Option(help: "Write the session as a HAR 1.2 file on exit.")
    var har: String?

    @Flag(help: "Keep Authorization and Cookie values in HAR files (hidden by default).")
    var noRedact = false

    /// The random source the seed asks for.
    var random: SeededRandom {
        self.seed.map(SeededRandom.init(seed:)) ?? .unseeded()
    }

    func validate() throws {
        if let port, !(0...65535).contains(port) {
            throw ValidationError("--port must be from 0 to 65535, not \(port)")
        }
        if let threads, !(1...256).contains(threads) {
            throw ValidationError("--threads must be from 1 to 256, not \(threads)")
        }
    }
}
