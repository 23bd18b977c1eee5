import ArgumentParser
import SwitchboardCore
import SwitchboardSpec
import SwitchboardSpecEndpoints

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Validate a fixtures folder (or an OpenAPI description) and print every problem with file:line:column.",
        discussion: """
            With --against URL, also sends one GET request per GET operation of the description to the \
            real API at URL (path parameters and required query parameters from the description's \
            examples) and reports each answer that breaks the description: OK or DRIFT per operation, \
            a summary, and exit status 1 on drift or a request without an answer.
            """
    )

    @Argument(help: "The fixtures folder holding switchboard.yml, or an OpenAPI 3.0/3.1 description (YAML or JSON).")
    var directory: String = "fixtures"

    @Option(
        help: ArgumentHelp(
            "Check the real API at this URL against the description (https://api.example.com/v1).",
            discussion: "Without a path, the description's own base path (its first server's) is used.",
            valueName: "url"))
    var against: String?

    @Option(
        name: [.customShort("H"), .long],
        help: ArgumentHelp(
            "A header for every --against request, as 'Name: value' (an API key, 'Authorization: Bearer …'); repeatable.",
            valueName: "header"))
    var header: [String] = []

    @Option(help: ArgumentHelp("Seconds each --against request has, from sending to its last byte.", valueName: "s"))
    var timeout: Int = 10

    func validate() throws {
        if self.against == nil && (!self.header.isEmpty) {
            throw ValidationError("--header is for --against: name the API to send it to")
        }
        if let against, let problem = UpstreamURL.problem(in: against) {
            throw ValidationError("--against: \(problem)")
        }
        if !(1...600).contains(self.timeout) {
            throw ValidationError("--timeout must be from 1 to 600 seconds, not \(self.timeout)")
        }
        for header in self.header {
            guard case .failure(let problem) = Self.headerPair(header) else { continue }
            throw ValidationError(problem.message)
        }
    }

    func run() async throws {
        let manifest: Manifest
        do {
            manifest = try ManifestLoader.load(
                directory: self.directory, displayDirectory: self.directory, descriptions: .openAPI)
        } catch {
            for diagnostic in error.diagnostics { Console.out(diagnostic.description) }
            let count = error.diagnostics.count
            Console.out("\(count) problem\(count == 1 ? "" : "s") found")
            throw ExitCode.failure
        }
        let endpoints = manifest.endpoints.count { $0.resource == nil }
        let resources = manifest.resources.count
        let warnings = manifest.warnings.count
        // Warnings do not fail the check: the folder is served as it is.
        for warning in manifest.warnings { Console.out(warning.description) }
        Console.out(
            "\(manifest.file): OK — \(endpoints) endpoint\(endpoints == 1 ? "" : "s"), "
                + (resources == 0 ? "" : "\(resources) resource\(resources == 1 ? "" : "s"), ")
                + "\(manifest.latencyProfiles.count) latency profiles, \(manifest.scenarios.count) scenarios"
                + (warnings == 0 ? "" : "; \(warnings) warning\(warnings == 1 ? "" : "s")"))
        guard let against, case .success(let api) = UpstreamURL.parse(against) else { return }
        let headers = self.header.compactMap { try? Self.headerPair($0).get() }
        guard
            try await SpecAgainst.check(manifest, api: api, headers: headers, seconds: self.timeout)
        else { throw ExitCode.failure }
    }

    struct HeaderProblem: Error {
        let message: String
    }

    /// `Name: value` → the pair; a name or value that cannot be sent is
    /// refused in one sentence.
    static func headerPair(_ text: String) -> Result<SpecProbe.HeaderPair, HeaderProblem> {
        guard let colon = text.firstIndex(of: ":") else {
            return .failure(HeaderProblem(message: "--header '\(text)' has no ':'; write it as 'Name: value'"))
        }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard HeaderField.canBeSent(name: name, value: value) else {
            return .failure(
                HeaderProblem(
                    message:
                        "--header '\(text)' cannot be sent: a name is letters, digits and '-', a value one line"))
        }
        return .success(SpecProbe.HeaderPair(name: name, value: value))
    }
}
