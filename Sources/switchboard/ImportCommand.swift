import ArgumentParser
import SwitchboardCore
import SwitchboardSpecEndpoints

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write an OpenAPI description as a fixtures folder to edit; importing again says what changed.",
        discussion: """
            Writes DIR/switchboard.yml (starting from a copy of the description, one endpoint per operation) and \
            a body file for each documented response, which `switchboard DIR` serves exactly as `switchboard SPEC` \
            would. Importing again rewrites only files nobody edited: an edited file the description changes is a \
            conflict (its new version goes beside it as FILE.imported, the exit status is 1) unless --force.
            """
    )

    @Argument(help: ArgumentHelp("The OpenAPI 3.0/3.1 description (YAML or JSON).", valueName: "spec"))
    var spec: String

    @Option(help: ArgumentHelp("The fixtures folder to write (created if missing).", valueName: "dir"))
    var out: String

    @Flag(help: "Overwrite files edited since the last import, and import into a folder no import wrote.")
    var force = false

    @Option(help: "Seed for bodies generated from the description's schemas (as `switchboard SPEC --seed`).")
    var seed: UInt64?

    func run() throws {
        let plan: ImportPlan
        do {
            plan = try ImportFolder.run(
                spec: self.spec, shownSpec: self.spec, out: self.out, shownOut: self.out,
                seed: self.seed ?? ManifestLoader.defaultSeed, force: self.force, descriptions: .openAPI)
        } catch {
            switch error {
            case .description(let problems):
                for diagnostic in problems.diagnostics { Console.out(diagnostic.description) }
                let count = problems.diagnostics.count
                Console.out("\(count) problem\(count == 1 ? "" : "s") found")
            case .refused(let reason):
                Console.error("switchboard: " + reason)
            case .refusedFile(let path, let reason):
                Console.error("switchboard: cannot write \(path): \(reason); nothing was written")
            case .cannotWrite(let path, let reason):
                Console.error(
                    "switchboard: cannot write \(path): \(reason); nothing after it was written")
            }
            throw ExitCode.failure
        }
        for line in plan.lines { Console.out(line) }
        Console.out(plan.summary)
        if plan.conflicts > 0 { throw ExitCode.failure }
    }
}
