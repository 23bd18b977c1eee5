import Foundation
import SwitchboardTestSupport
import Testing

/// The CA a test makes is what a TLS upstream test needs: a certificate
/// nobody trusts until told to, and that is then enough.
@Suite struct TestCertificateAuthorityTests {
    @Test func theTLSUpstreamIsRefusedWithoutTheCAAndAcceptedWithIt() async throws {
        let authority = try await TestCertificateAuthority.create()
        let certificate = try await authority.issue()
        try await TestUpstream.start(tls: certificate).serving { upstream in
            #expect(upstream.baseURL.absoluteString == "https://127.0.0.1:\(upstream.port)")
            let untrusted = try await CurlTiming.get(upstream.url(.json))
            #expect(untrusted.exitCode == 60, "curl: peer certificate cannot be authenticated")
            let trusted = try await CurlTiming.get(upstream.url(.json), extra: ["--cacert", authority.certificatePath])
            #expect(trusted.status == 200)
            let byName = try await CurlTiming.get(
                URL(string: "https://localhost:\(upstream.port)/json")!, extra: ["--cacert", authority.certificatePath])
            #expect(byName.status == 200)
        }
    }

    @Test func everyRouteWorksOverTLS() async throws {
        let authority = try await TestCertificateAuthority.create()
        try await TestUpstream.start(tls: try await authority.issue()).serving { upstream in
            let trust = ["--cacert", authority.certificatePath]
            let download = try await CurlChecksum.get(upstream.url(.download, query: "bytes=5000000"), extra: trust)
            let expected = try await Subprocess.run(
                "curl", ["-s"] + trust + [upstream.url(.downloadSHA256, query: "bytes=5000000").absoluteString])
            #expect(download.bytes == 5_000_000)
            #expect(download.sha256 == expected.stdout)
            let reset = try await CurlTiming.get(upstream.url(.reset), extra: trust)
            #expect(reset.exitCode == 56)
        }
    }

    @Test func aCertificateForAnotherNameIsRefusedEvenWithTheCA() async throws {
        let authority = try await TestCertificateAuthority.create()
        let elsewhere = try await authority.issue(names: ["elsewhere.test"], addresses: [])
        try await TestUpstream.start(tls: elsewhere).serving { upstream in
            let result = try await CurlTiming.get(upstream.url(.json), extra: ["--cacert", authority.certificatePath])
            #expect(result.exitCode == 60, "curl: no subject alternative name matches 127.0.0.1")
        }
    }

    @Test func openSSLVerifiesTheChain() async throws {
        let authority = try await TestCertificateAuthority.create()
        let certificate = try await authority.issue()
        let verified = try await Subprocess.run(
            "openssl", ["verify", "-CAfile", authority.certificatePath, certificate.certificatePath])
        #expect(verified.stdout == "\(certificate.certificatePath): OK\n")
        let text = try await Subprocess.run(
            "openssl", ["x509", "-noout", "-ext", "subjectAltName", "-in", certificate.certificatePath])
        #expect(text.stdout.contains("DNS:localhost, IP Address:127.0.0.1"))
    }
}
