import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import SwitchboardUpstream
import Testing

/// `--upstream-ca` and `--upstream-insecure` against a TLS upstream whose
/// certificate comes from a CA made here (refused by default: see
/// `LivePassthroughTests.anUpstreamWhoseCertificateIsNotTrustedIs502SayingSo`).
@Suite struct UpstreamTrustTests {
    static func proxying(
        _ upstream: TestUpstream, extraCAFile: String? = nil, verifiesCertificates: Bool = true,
        _ body: (RunningServer) async throws -> Void
    ) async throws {
        let settings = UpstreamSettings(
            url: UpstreamURL(scheme: "https", host: "127.0.0.1", port: upstream.port), extraCAFile: extraCAFile,
            verifiesCertificates: verifiesCertificates)
        let empty = Manifest(directory: "/nonexistent", file: "/nonexistent/switchboard.yml", endpoints: [])
        try await RunningServer(panel: ControlPanel(manifest: empty), upstream: settings).serving(body)
    }

    @Test func theCompanyCAGivenWithUpstreamCAIsTrusted() async throws {
        let authority = try await TestCertificateAuthority.create()
        let certificate = try await authority.issue()
        try await TestUpstream.start(tls: certificate).serving { upstream in
            try await Self.proxying(upstream, extraCAFile: authority.certificatePath) { proxy in
                for route in [TestUpstream.Route.json, .jpeg] {
                    let direct = try await CurlChecksum.get(
                        upstream.url(route), extra: ["--cacert", authority.certificatePath])
                    let relayed = try await CurlChecksum.get(proxy.url(route.rawValue))
                    #expect(direct.status == 200)
                    #expect(relayed.status == 200)
                    #expect(relayed.sha256 == direct.sha256, "\(route)")
                }
            }
        }
    }

    /// The extra CA adds to the system's trust: it does not make a
    /// certificate from another CA acceptable.
    @Test func anotherCAStillDoesNotMakeTheCertificateTrusted() async throws {
        let authority = try await TestCertificateAuthority.create()
        let other = try await TestCertificateAuthority.create()
        let certificate = try await authority.issue()
        try await TestUpstream.start(tls: certificate).serving { upstream in
            try await Self.proxying(upstream, extraCAFile: other.certificatePath) { proxy in
                let result = try await HTTPClient.send(proxy.url("/json"))
                #expect(result.status == 502)
                let error = try #require(try result.json()["message"] as? String)
                #expect(error.hasPrefix("upstream: TLS certificate issued by CN=Switchboard Test CA"), "\(error)")
            }
        }
    }

    @Test func insecureAcceptsACertificateNobodyTrusts() async throws {
        let authority = try await TestCertificateAuthority.create()
        let certificate = try await authority.issue()
        try await TestUpstream.start(tls: certificate).serving { upstream in
            try await Self.proxying(upstream, verifiesCertificates: false) { proxy in
                let direct = try await CurlChecksum.get(upstream.url(.json), extra: ["--insecure"])
                let relayed = try await CurlChecksum.get(proxy.url("/json"))
                #expect(relayed.status == 200)
                #expect(relayed.sha256 == direct.sha256)
            }
        }
    }

    @Test(.ownThreads) func aCAFileThatIsNotPEMIsNamedWithWhy() throws {
        let folder = try TemporaryFixtures(manifest: "endpoints: []", textFiles: ["ca.txt": "not a certificate\n"])
        let path = folder.path + "/ca.txt"
        #expect(UpstreamTrust.problem(inCAFile: path)?.contains("\(path) holds no PEM certificate") == true)
        #expect(
            UpstreamTrust.problem(inCAFile: folder.path + "/missing.pem") == "\(folder.path)/missing.pem does not exist"
        )
        #expect(UpstreamTrust.problem(inCAFile: folder.path)?.contains("is a folder") == true)
    }

    @Test func aRealCAFileHasNoProblem() async throws {
        let authority = try await TestCertificateAuthority.create()
        #expect(UpstreamTrust.problem(inCAFile: authority.certificatePath) == nil)
    }
}
