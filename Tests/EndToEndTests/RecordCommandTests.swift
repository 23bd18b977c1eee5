import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// `switchboard record --request N` against a real running server.
@Suite struct RecordCommandTests {
    let binary = RepositoryPaths.switchboardBinary.path

    @Test func recordRequestTurnsAnUnmatchedRequestIntoAStub() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - { id: health, method: GET, path: /health, success: {body: ok} }
                """)
        try await RunningServer(fixtures: fixtures).serving { server in
            #expect(try await HTTPClient.send(server.url("/nope")).status == 404)
            _ = await waitUntil { server.journal.entries(after: 0).entries.count == 1 }
            let url = ["--url", "http://127.0.0.1:\(server.port)"]
            let result = try await Subprocess.run(self.binary, ["record", "--request", "1"] + url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stdout
                    == "get-nope: stub (success) → recorded/get-nope.json\n\(fixtures.path)/switchboard.yml updated\n")
            #expect(try await HTTPClient.send(server.url("/nope")).status == 200)

            let both = try await Subprocess.run(self.binary, ["record", "--all", "--request", "1"] + url)
            #expect(both.status == 64)
            #expect(both.stderr.contains("name the endpoints to record, or pass --all, or --request SEQUENCE"))
        }
    }

    /// Names that reach the terminal (a folder's, an id given back in a
    /// refusal) have their control characters escaped, not obeyed.
    @Test func whatRecordPrintsNeverDrivesTheTerminal() async throws {
        let parent = try TemporaryFixtures(manifest: "")
        let title = "\u{1B}]0;owned\u{07}"
        try parent.write(
            title + "/switchboard.yml", Array("endpoints:\n  - { id: health, method: GET, path: /health }\n".utf8))
        let directory = parent.path + "/" + title
        let panel = ControlPanel(manifest: try ManifestLoader.load(directory: directory))
        try await RunningServer(panel: panel, keeping: parent).serving { server in
            #expect(try await HTTPClient.send(server.url("/nope")).status == 404)
            _ = await waitUntil { server.journal.entries(after: 0).entries.count == 1 }
            let url = ["--url", "http://127.0.0.1:\(server.port)"]
            let stub = try await Subprocess.run(self.binary, ["record", "--request", "1"] + url)
            #expect(stub.status == 0, "\(stub.stderr)")
            #expect(stub.stdout.hasPrefix("get-nope: stub (success) → recorded/get-nope.json\n"))
            #expect(stub.stdout.hasSuffix("/\\x1B]0;owned\\x07/switchboard.yml updated\n"), "\(stub.stdout)")
            #expect(!stub.stdout.contains("\u{1B}") && !stub.stdout.contains("\u{07}"))

            let refused = try await Subprocess.run(self.binary, ["record", "\u{1B}[2J"] + url)
            #expect(refused.status == 1)
            #expect(!refused.stderr.contains("\u{1B}") && refused.stderr.contains("\\x1B[2J"), "\(refused.stderr)")
        }
    }
}
