import Foundation
import SwitchboardTestSupport
import Testing

/// `switchboard serve --upstream URL`: a plain proxy when there is no
/// fixtures folder, and the option's value checked like the manifest's.
@Suite struct UpstreamCommandLineTests {
    @Test func withNoFixturesFolderEveryRequestGoesToTheUpstream() async throws {
        try await RunningServer.demo().serving { upstream in
            let missing = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString)")
            let serve = try await ServeProcess.start(
                arguments: [missing.path, "--port", "0", "--upstream", "http://127.0.0.1:\(upstream.port)"])
            try await serve.serving { serve in
                let url = URL(string: "http://127.0.0.1:\(serve.port)/data/all/coinlist")!
                let direct = try await HTTPClient.send(upstream.url("/data/all/coinlist"))
                let relayed = try await HTTPClient.send(url)
                #expect(relayed.status == direct.status)
                #expect(relayed.body == direct.body)
                let line = try #require(await serve.nextLine())
                #expect(line.contains(#""mode":"live""#))
                #expect(line.contains(#""upstream":"live "#))
            }
        }
    }

    @Test func aBrokenUpstreamIsRefusedBeforeAnythingStarts() async throws {
        let result = try await Subprocess.run(
            RepositoryPaths.switchboardBinary.path, ["serve", "--upstream", "ftp://example.com", "--port", "0"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--upstream: the upstream must be http:// or https://, not ftp://"))
    }
}
