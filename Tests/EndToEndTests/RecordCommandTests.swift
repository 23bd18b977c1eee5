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
}
