import ArgumentParser
import SwitchboardCore

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Validate a fixtures folder (or an OpenAPI description) and print every problem with file:line:column."
    )

    @Argument(help: "The fixtures folder holding switchboard.yml, or an OpenAPI 3.0/3.1 description (YAML or JSON).")
    var directory: String = "fixtures"

    func run() throws {
        do {
            let manifest = try ManifestLoader.load(directory: self.directory, displayDirectory: self.directory)
            let endpoints = manifest.endpoints.count { $0.resource == nil }
            let resources = manifest.resources.count
            print(
                "\(manifest.file): OK — \(endpoints) endpoint\(endpoints == 1 ? "" : "s"), "
                    + (resources == 0 ? "" : "\(resources) resource\(resources == 1 ? "" : "s"), ")
                    + "\(manifest.latencyProfiles.count) latency profiles, \(manifest.scenarios.count) scenarios")
        } catch {
            for diagnostic in error.diagnostics { print(diagnostic.description) }
            let count = error.diagnostics.count
            print("\(count) problem\(count == 1 ? "" : "s") found")
            throw ExitCode.failure
        }
    }
}
