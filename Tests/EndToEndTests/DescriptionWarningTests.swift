import Foundation
import SwitchboardTestSupport
import Testing

/// A description served with a mend says so where the user looks: `check`
/// prints the warning with its file and line and exits 0, `serve` prints it
/// on stderr after its banner and answers.
@Suite struct DescriptionWarningTests {
    let binary = RepositoryPaths.switchboardBinary.path

    static let spec = """
        openapi: 3.0.2
        paths:
          /todos:
            get:
              responses:
                '200':
                  content:
                    application/json: {example: [1]}
        """

    @Test func checkPrintsEachWarningOnItsLineAndSaysOK() async throws {
        let fixtures = try TemporaryFixtures(manifest: "endpoints: []\n", textFiles: ["api.yaml": Self.spec])
        let spec = fixtures.url.appendingPathComponent("api.yaml").path
        let result = try await Subprocess.run(self.binary, ["check", spec])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("\(spec):1:1: warning: the description has no `info`"))
        #expect(result.stdout.contains("\(spec):6:9: warning: this response has no `description`"))
        #expect(result.stdout.contains("OK — 1 endpoint, 0 latency profiles, 0 scenarios; 2 warnings"))
    }

    @Test func serveAnswersAndPrintsTheWarningsAfterItsBanner() async throws {
        let fixtures = try TemporaryFixtures(manifest: "endpoints: []\n", textFiles: ["api.yaml": Self.spec])
        let spec = fixtures.url.appendingPathComponent("api.yaml").path
        let serve = try await ServeProcess.start(arguments: [spec, "--port", "0", "--quiet", "--no-reload"])
        try await serve.serving { serve in
            let warning = try await onThread { serve.nextErrorLine() }
            #expect(warning?.contains("\(spec):1:1: warning: the description has no `info`") == true)
            let answer = try await HTTPClient.send(URL(string: "http://127.0.0.1:\(serve.port)/todos")!)
            #expect(answer.status == 200)
            #expect(answer.text.filter { !$0.isWhitespace } == "[1]")
        }
    }
}
