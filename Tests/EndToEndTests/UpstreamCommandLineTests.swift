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

    @Test func upstreamCATrustsTheCompanyCAFromTheCommandLine() async throws {
        let authority = try await TestCertificateAuthority.create()
        let certificate = try await authority.issue()
        try await TestUpstream.start(tls: certificate).serving { upstream in
            let missing = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString)")
            let serve = try await ServeProcess.start(arguments: [
                missing.path, "--port", "0", "--upstream", upstream.baseURL.absoluteString,
                "--upstream-ca", authority.certificatePath,
            ])
            try await serve.serving { serve in
                let relayed = try await CurlChecksum.get(URL(string: "http://127.0.0.1:\(serve.port)/gzip")!)
                let direct = try await CurlChecksum.get(
                    upstream.url(.gzip), extra: ["--cacert", authority.certificatePath])
                #expect(relayed.status == 200)
                #expect(relayed.sha256 == direct.sha256)
            }
        }
    }

    @Test func anUpstreamCAThatIsNotPEMIsAUsageErrorNamingTheFile() async throws {
        let folder = try TemporaryFixtures(manifest: "endpoints: []", textFiles: ["ca.der": "binary, not PEM"])
        let path = folder.path + "/ca.der"
        let result = try await Subprocess.run(
            RepositoryPaths.switchboardBinary.path, ["serve", "--upstream-ca", path, "--port", "0"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--upstream-ca: \(path) holds no PEM certificate"))
    }
}
