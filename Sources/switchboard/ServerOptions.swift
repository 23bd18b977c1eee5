import ArgumentParser
import Foundation
import SwitchboardCore
import SwitchboardServer

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

    @Option(
        help: ArgumentHelp(
            "Require 'Authorization: Bearer TOKEN' on control API calls, and accept them from any address.",
            discussion:
                "At least \(Self.minimumTokenLength) characters. Also read from \(Self.tokenVariable), which keeps it out of `ps`; this option wins."
        ))
    var controlToken: String?

    static let tokenVariable = "SWITCHBOARD_CONTROL_TOKEN"
    /// Long enough that guessing it over HTTP is hopeless.
    static let minimumTokenLength = 16

    /// The token in force and where it came from: the option, else the
    /// environment.
    var controlTokenSource: (token: String, source: String)? {
        if let controlToken { return (controlToken, "--control-token") }
        return ProcessInfo.processInfo.environment[Self.tokenVariable].map { ($0, Self.tokenVariable) }
    }

    var effectiveControlToken: String? {
        self.controlTokenSource?.token
    }

    @Option(help: "Append every request to this file as one JSON line.")
    var log: String?

    @Option(
        help: ArgumentHelp(
            "Once listening, write the server's URL (http://HOST:PORT) to this file; removed on exit.",
            discussion: "With --port 0, this is how a script learns the port that was picked."))
    var urlFile: String?

    @Option(help: "Write the session as a HAR 1.2 file on exit.")
    var har: String?

    @Option(help: ArgumentHelp("Requests the journal keeps for the screen and the control API.", visibility: .hidden))
    var journalSize = 10_000

    @Flag(help: "Keep Authorization and Cookie values in HAR files (hidden by default).")
    var noRedact = false

    @Flag(help: "Do not reload the fixtures when they change on disk.")
    var noReload = false

    @Flag(help: "Do not answer CORS preflights or add Access-Control-Allow-Origin.")
    var noCors = false

    @Flag(help: "Make every answer uncacheable (Cache-Control: no-store), whatever the manifest says.")
    var noCache = false

    @Flag(
        help:
            "Close each connection after its response, so clients never reuse one (faults then fail at once in URLSession on Linux)."
    )
    var noKeepAlive = false

    @Option(help: "Largest request line plus headers; larger gets 431.")
    var maxHeaderSize: String = "64KB"

    @Option(help: "Largest request body; larger gets 413.")
    var maxBodySize: String = "10MB"

    @Option(help: "Close a keep-alive connection after this long without a request.")
    var idleTimeout: String = "60s"

    @Option(help: "Answer 408 when a request's headers take longer than this to arrive.")
    var headerTimeout: String = "10s"

    @Option(help: "Answer 408 when no more of a request's body arrives for this long.")
    var bodyTimeout: String = "10s"

    /// The limits these options ask for (validated in `validate`).
    var limits: ServerLimits {
        ServerLimits(
            maxHeaderBytes: ByteSize.parse(self.maxHeaderSize) ?? 64 * 1024,
            maxBodyBytes: ByteSize.parse(self.maxBodySize) ?? 10 * 1024 * 1024,
            idleTimeout: DurationText.parse(self.idleTimeout) ?? .seconds(60),
            headerTimeout: DurationText.parse(self.headerTimeout) ?? .seconds(10),
            bodyTimeout: DurationText.parse(self.bodyTimeout) ?? .seconds(10))
    }

    /// The random source the seed asks for.
    var random: SeededRandom {
        self.seed.map(SeededRandom.init(seed:)) ?? .unseeded()
    }

    func validate() throws {
        if let (token, source) = self.controlTokenSource, token.count < Self.minimumTokenLength {
            let length = token.isEmpty ? "is empty" : "has only \(token.count) characters"
            throw ValidationError(
                "\(source) \(length); a control token needs at least \(Self.minimumTokenLength) characters, since it opens the control API to anyone who has it"
            )
        }
        if let port, !(0...65535).contains(port) {
            throw ValidationError("--port must be from 0 to 65535, not \(port)")
        }
        if !(1...1_000_000).contains(self.journalSize) {
            throw ValidationError("--journal-size must be from 1 to 1000000, not \(self.journalSize)")
        }
        if let threads, !(1...256).contains(threads) {
            throw ValidationError("--threads must be from 1 to 256, not \(threads)")
        }
        for (flag, value) in [("--max-header-size", self.maxHeaderSize), ("--max-body-size", self.maxBodySize)]
        where ByteSize.parse(value) == nil {
            throw ValidationError("\(flag) takes a size like 64KB or 10MB, not '\(value)'")
        }
        for (flag, value) in [
            ("--idle-timeout", self.idleTimeout), ("--header-timeout", self.headerTimeout),
            ("--body-timeout", self.bodyTimeout),
        ] {
            guard let duration = DurationText.parse(value), duration > .zero else {
                throw ValidationError("\(flag) takes a duration like 30s or 500ms, not '\(value)'")
            }
        }
    }
}
