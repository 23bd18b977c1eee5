import Foundation
import SwitchboardControl
import SwitchboardTestSupport
import Testing

/// schemathesis (PyPI) against a running `switchboard serve`, reading the
/// control API's own description (`GET /__switchboard/openapi.json`):
/// generated calls, valid and not, get no 5xx, and every answer keeps to
/// the description (status, content type, schema, headers, 405 and
/// `Allow`, a refusal for what the schema forbids). Bounded to keep CI
/// short: five examples per operation and phase, a fixed seed (a failure
/// reproduces), and 25 s at most (it stops there, having passed the
/// coverage phase and fuzzed for a while): some 30 s alone, longer in the
/// parallel suite on a busy machine.
///
/// Not checked: `positive_data_acceptance`. Which names a body or path may
/// hold (modes valid for this endpoint, profiles, ids, scenarios) is the
/// manifest's, which no schema of the route can list, so a well-formed
/// call naming what does not exist is rightly a 400 or 404.
@Suite struct ControlSchemathesisTests {
    /// `wait` is held at 0: a long poll answers after its wait (up to a
    /// minute), which its own tests time on a virtual clock. Path
    /// parameters name what the demo has, so bodies and queries reach
    /// the settings, scenarios, resources and journal behind them (random
    /// names only ever meet the 404, which `ControlRouteTableTests` has).
    static let configuration = """
        max-time = 25
        # No state kept between runs: each run starts from the seed alone.
        cache = { enabled = false }
        [parameters]
        "query.wait" = "0"
        "path.id" = "episode"
        "path.name" = "outage"
        "path.resource" = "todos"
        "path.sequence" = "2"
        """

    @Test(.enabled(if: PythonCheck.has("schemathesis"), PythonCheck.skipReason("schemathesis")))
    func schemathesisFindsNoServerErrorAndNoAnswerOutsideTheDescription() async throws {
        // A copy of its own: `POST …/record` may write stubs into the folder.
        let fixtures = TrackedCopy.of("fixtures", in: RepositoryPaths.root)
        defer {
            // Only the copy: outside a checkout `TrackedCopy` gives the folder itself.
            let copy = fixtures.deletingLastPathComponent()
            if copy.lastPathComponent.hasPrefix("switchboard-tracked-") {
                try? FileManager.default.removeItem(at: copy)
            }
        }
        let folder = try ScratchFolder("schemathesis")
        defer { folder.remove() }
        try Self.configuration.write(toFile: folder.path("schemathesis.toml"), atomically: true, encoding: .utf8)
        let serve = try await ServeProcess.start(arguments: [fixtures.path, "--port", "0", "--quiet"])
        try await serve.serving { serve in
            // Run in the scratch folder: hypothesis keeps a folder of its
            // own in the working directory, which is the clone.
            let run = try await Subprocess.run(
                "sh",
                [
                    "-c", #"cd "$0" && exec schemathesis "$@""#, folder.url.path,
                    "--config-file", folder.path("schemathesis.toml"), "run",
                    "http://127.0.0.1:\(serve.port)/__switchboard/openapi.json", "--max-examples", "5", "--seed", "1",
                    "--request-timeout", "10", "--generation-database", "none", "--no-color",
                    "--exclude-checks", "positive_data_acceptance",
                ])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            // Every operation of the table was tried, but the one the
            // description came from, which schemathesis leaves out.
            let operations = ControlRoute.allCases.map(\.declaration.methods.count).reduce(0, +) - 1
            #expect(run.stdout.contains("\(operations) selected / \(operations) total"), "\(run.stdout)")
        }
    }
}
