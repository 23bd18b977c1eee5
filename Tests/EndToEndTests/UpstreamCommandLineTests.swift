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

    /// A CI log has no screen showing it in red: `serve` says it on stderr.
    @Test func upstreamInsecureIsSaidOnStderrAtStart() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString)")
        let serve = try await ServeProcess.start(arguments: [
            missing.path, "--port", "0", "--upstream", "https://127.0.0.1:9", "--upstream-insecure",
        ])
        try await serve.serving { serve in
            let line = try await onThread { serve.nextErrorLine() }
            #expect(
                line
                    == "switchboard: warning: --upstream-insecure: upstream TLS certificates are not checked, "
                    + "so anyone on the way can pose as the upstream")
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

    /// Editing the manifest keeps `--upstream`: a live endpoint and requests
    /// no endpoint matches still go to the option's upstream, not to the one
    /// the manifest names (where nothing listens).
    @Test func theUpstreamOptionStillAppliesAfterTheManifestIsEdited() async throws {
        try await TestUpstream.start().serving { upstream in
            let manifest = """
                upstream: http://127.0.0.1:9
                endpoints:
                  - { id: data, method: GET, path: /json, mode: live }

                """
            let fixtures = try TemporaryFixtures(manifest: manifest)
            let serve = try await ServeProcess.start(arguments: [
                fixtures.path, "--port", "0", "--upstream", upstream.baseURL.absoluteString,
            ])
            try await serve.serving { serve in
                serve.discardOutput()
                let base = "http://127.0.0.1:\(serve.port)"
                let json = try await CurlChecksum.get(upstream.url(.json))
                let jpeg = try await CurlChecksum.get(upstream.url(.jpeg))
                #expect(try await CurlChecksum.get(URL(string: base + "/json")!).sha256 == json.sha256)
                try fixtures.write(
                    "switchboard.yml", Array((manifest + "  - { id: me, method: GET, path: /me }\n").utf8))
                // Before the reload /me goes live, and the upstream has no such route.
                let reloaded = await waitUntil(timeout: 20, every: .milliseconds(50)) {
                    (try? await HTTPClient.send(URL(string: base + "/me")!))?.status == 200
                }
                #expect(reloaded, "the edited manifest was not picked up")
                let live = try await CurlChecksum.get(URL(string: base + "/json")!)
                #expect(live.status == 200)
                #expect(live.sha256 == json.sha256, "the live endpoint still goes to --upstream")
                let unmatched = try await CurlChecksum.get(URL(string: base + "/jpeg")!)
                #expect(unmatched.status == 200)
                #expect(unmatched.sha256 == jpeg.sha256, "so do requests no endpoint matches")
            }
        }
    }
}
