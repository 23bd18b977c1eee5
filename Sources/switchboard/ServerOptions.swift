import ArgumentParser
import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardUpstream

/// Options shared by the commands that start a server.
struct ServerOptions: ParsableArguments {
    @Argument(help: "The fixtures folder holding switchboard.yml, or an OpenAPI 3.0/3.1 description (YAML or JSON).")
    var directory: String = "fixtures"

    @Option(
        parsing: .unconditional,
        help: "Port to listen on (0 picks a free port). Default: the manifest's server.port, else 8080.")
    var port: Int?

    @Option(help: "Address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "Event-loop threads serving requests (default: one per core).")
    var threads: Int?

    @Option(
        help:
            "Seed for flaky outcomes, random delays, garbage bytes and bodies generated from an OpenAPI description's schemas: the same seed repeats a run exactly."
    )
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

    /// Why `token` cannot guard the control API, after the option's name.
    /// Spaces, all of it or around it, are a quoting mistake (`"$TOKEN"`
    /// with the variable unset, a pasted line): a token of spaces alone
    /// guards nothing, and one edged with them fails in one client and
    /// passes in another, as header values are trimmed.
    static func tokenProblem(_ token: String) -> String? {
        let needs = "a control token needs at least \(Self.minimumTokenLength) characters"
        if token.isEmpty { return "is empty; \(needs), since it opens the control API to anyone who has it" }
        if token.allSatisfy(\.isWhitespace) {
            return "is only spaces (a quoting mistake?); \(needs) other than spaces"
        }
        if token.count < Self.minimumTokenLength {
            return "has only \(token.count) characters; \(needs), since it opens the control API to anyone who has it"
        }
        if token.first?.isWhitespace == true || token.last?.isWhitespace == true {
            return "begins or ends with a space (a quoting mistake?); remove the spaces around it"
        }
        return nil
    }

    @Option(
        help: ArgumentHelp(
            "The real API behind Switchboard (like https://api.example.com): live endpoints and unmatched requests go there.",
            discussion:
                "Wins over the manifest's 'upstream:'. Without a fixtures folder, every request goes to it.",
            valueName: "url"))
    var upstream: String?

    /// `--upstream` as checked by `validate`.
    var upstreamURL: UpstreamURL? {
        self.upstream.flatMap { try? UpstreamURL.parse($0).get() }
    }

    @Option(
        help: ArgumentHelp("Give up connecting to the upstream after this long (504).", valueName: "duration"))
    var upstreamConnectTimeout = TimeoutArgument(argument: "5s")!

    @Option(
        help: ArgumentHelp(
            "Give up when the upstream sends nothing for this long (504, or the response cut short).",
            valueName: "duration"))
    var upstreamReadTimeout = TimeoutArgument(argument: "30s")!

    @Option(
        help: ArgumentHelp(
            "Also trust the CA certificates in this PEM file (a company's own CA) for an https upstream.",
            discussion: "The system's trust store still applies.", valueName: "file"))
    var upstreamCa: String?

    @Flag(help: "Accept any certificate from an https upstream, unchecked; the screen's top line says so in red.")
    var upstreamInsecure = false

    /// What `serve` prints on stderr at start with `--upstream-insecure`.
    static let insecureWarning =
        "switchboard: warning: --upstream-insecure: upstream TLS certificates are not checked, "
        + "so anyone on the way can pose as the upstream"

    /// What the upstream options ask for.
    var upstreamSettings: UpstreamSettings {
        UpstreamSettings(
            url: self.upstreamURL, connectTimeout: self.upstreamConnectTimeout.duration,
            readTimeout: self.upstreamReadTimeout.duration, extraCAFile: self.upstreamCa,
            verifiesCertificates: !self.upstreamInsecure)
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

    @Flag(
        name: .customLong("validate"),
        help:
            "Check requests against the OpenAPI description their endpoint comes from; one that breaks it gets 401, 415 or 422 naming each violation."
    )
    var validatesRequests = false

    @Flag(help: "Do not answer CORS preflights or add Access-Control-Allow-Origin.")
    var noCors = false

    @Flag(help: "Make every answer uncacheable (Cache-Control: no-store), whatever the manifest says.")
    var noCache = false

    @Flag(
        help:
            "Close each connection after its response, so clients never reuse one (faults then fail at once in URLSession on Linux)."
    )
    var noKeepAlive = false

    @Option(help: ArgumentHelp("Largest request line plus headers (like 64KB); larger gets 431.", valueName: "size"))
    var maxHeaderSize = SizeArgument(argument: "64KB")!

    @Option(
        help: ArgumentHelp(
            "Largest request body (like 512KB or 10MB); larger gets 413. Bodies streaming to an upstream have no limit.",
            valueName: "size"))
    var maxBodySize = SizeArgument(argument: "10MB")!

    @Option(
        help: ArgumentHelp(
            "Close a keep-alive connection after this long (like 30s) without a request.", valueName: "duration"))
    var idleTimeout = TimeoutArgument(argument: "60s")!

    @Option(
        help: ArgumentHelp(
            "Answer 408 when a request's headers take longer than this (like 10s or 500ms) to arrive.",
            valueName: "duration"))
    var headerTimeout = TimeoutArgument(argument: "10s")!

    @Option(
        help: ArgumentHelp(
            "Answer 408 when no more of a request's body arrives for this long (like 10s).", valueName: "duration"))
    var bodyTimeout = TimeoutArgument(argument: "10s")!

    /// The limits these options ask for.
    var limits: ServerLimits {
        ServerLimits(
            maxHeaderBytes: self.maxHeaderSize.bytes, maxBodyBytes: self.maxBodySize.bytes,
            idleTimeout: self.idleTimeout.duration, headerTimeout: self.headerTimeout.duration,
            bodyTimeout: self.bodyTimeout.duration)
    }

    /// The random source the seed asks for.
    var random: SeededRandom {
        self.seed.map(SeededRandom.init(seed:)) ?? .unseeded()
    }

    func validate() throws {
        if let (token, source) = self.controlTokenSource, let problem = Self.tokenProblem(token) {
            throw ValidationError("\(source) \(problem)")
        }
        if let port, !(0...65535).contains(port) {
            throw ValidationError("--port must be from 0 to 65535, not \(port)")
        }
        if !(1...1_000_000).contains(self.journalSize) {
            throw ValidationError("--journal-size must be from 1 to 1000000, not \(self.journalSize)")
        }
        if let upstream, let problem = UpstreamURL.problem(in: upstream) {
            throw ValidationError("--upstream: \(problem)")
        }
        if let upstreamCa, let problem = UpstreamTrust.problem(inCAFile: upstreamCa) {
            throw ValidationError("--upstream-ca: \(problem)")
        }
        if let threads, !(1...256).contains(threads) {
            throw ValidationError("--threads must be from 1 to 256, not \(threads)")
        }
    }
}
