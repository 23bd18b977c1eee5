import Foundation
import NIOHTTP1
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

@testable import SwitchboardUpstream

/// Why a live request got no answer, in the words the 502 and the log line
/// carry: what the parser and the TLS layer report, sorted into what a
/// person acts on, not their own names for it.
@Suite struct UpstreamFailureWordsTests {
    @Test func parserErrorsAreSentencesAboutTheUpstreamsAnswer() {
        let cases: [(HTTPParserError, String)] = [
            (.invalidConstant, "it does not start with an HTTP/1 status line"),
            (.invalidStatus, "it does not start with an HTTP/1 status line"),
            (.invalidHeaderToken, "a header is malformed"),
            (.invalidContentLength, "its Content-Length is malformed"),
            (.invalidChunkSize, "a chunk of its body is malformed"),
            (.headerOverflow, "its headers are too large"),
            (.unknown, "it is not HTTP/1 the parser can read"),
        ]
        for (error, words) in cases {
            let failure = UpstreamFailure(error)
            #expect(failure.status == .badGateway)
            #expect(failure.words.hasPrefix("malformed HTTP answer: " + words), "\(error): \(failure.words)")
            #expect(!failure.words.contains("http_parser") && !failure.words.contains("constant string"))
        }
    }

    static let day = 86_400
    static let now = 20_000 * day
    static func certificate(
        _ subject: String, issuer: String, from: Int = now - day, to: Int = now + day
    ) -> CertificateDiagnosis.Presented {
        .init(subject: subject, issuer: issuer, selfIssued: subject == issuer, notBefore: from, notAfter: to)
    }

    @Test func aRefusedChainIsSaidToBeExpiredSelfSignedOrFromAnUntrustedCA() {
        let leaf = Self.certificate("CN=api.example", issuer: "CN=Example CA")
        func words(_ chain: [CertificateDiagnosis.Presented]) -> String {
            CertificateDiagnosis.failure(for: chain, now: Self.now).words
        }
        var expired = leaf
        expired.notAfter = Self.now - 2 * Self.day
        #expect(words([expired]) == "TLS certificate expired on \(CertificateDiagnosis.day(expired.notAfter))")
        var intermediate = Self.certificate("CN=Example CA", issuer: "CN=Root")
        intermediate.notAfter = Self.now - 1
        #expect(words([leaf, intermediate]).hasSuffix("(CN=Example CA, in its chain)"))
        var early = leaf
        early.notBefore = Self.now + Self.day
        #expect(words([early]).hasPrefix("TLS certificate not valid before "))
        #expect(words([Self.certificate("CN=api.example", issuer: "CN=api.example")]).contains("self-signed"))
        #expect(
            words([leaf])
                == "TLS certificate issued by CN=Example CA, a CA not trusted here (add it with --upstream-ca)")
        #expect(words([]) == "TLS certificate not trusted")
        #expect(CertificateDiagnosis.day(Self.now) == "2024-10-04")
    }

    /// The CA is trusted (`--upstream-ca`) but the certificate expired.
    @Test func anExpiredCertificateIsSaidToHaveExpired() async throws {
        let authority = try await TestCertificateAuthority.create()
        let certificate = try await authority.issue(expired: true)
        try await TestUpstream.start(tls: certificate).serving { upstream in
            try await UpstreamTrustTests.proxying(upstream, extraCAFile: authority.certificatePath) { proxy in
                let result = try await HTTPClient.send(proxy.url("/json"))
                #expect(result.status == 502)
                #expect(try result.json()["message"] as? String == "upstream: TLS certificate expired on 2020-01-02")
            }
        }
    }

    /// The CA is trusted, the certificate is valid, for another name.
    @Test func aCertificateForAnotherHostIsSaidToBeSo() async throws {
        let authority = try await TestCertificateAuthority.create()
        let elsewhere = try await authority.issue(names: ["elsewhere.test"], addresses: [])
        try await TestUpstream.start(tls: elsewhere).serving { upstream in
            try await UpstreamTrustTests.proxying(upstream, extraCAFile: authority.certificatePath) { proxy in
                let result = try await HTTPClient.send(proxy.url("/json"))
                #expect(result.status == 502)
                #expect(
                    try result.json()["message"] as? String
                        == "upstream: TLS certificate is for another host name (not 127.0.0.1)")
            }
        }
    }

    /// An upstream that does not speak HTTP (here: another Switchboard
    /// answering `garbage`) is a malformed answer, said so.
    @Test func anAnswerThatIsNotHTTPIsAMalformedAnswer() async throws {
        try await RunningServer.demo().serving { upstream in
            try upstream.panel.setMode(.garbage, endpoint: "coinlist")
            try await LivePassthroughTests.proxy(to: upstream.port).serving { proxy in
                let result = try await HTTPClient.send(proxy.url("/data/all/coinlist"))
                #expect(result.status == 502)
                let error = try #require(try result.json()["message"] as? String)
                #expect(error.hasPrefix("upstream: malformed HTTP answer: "), "\(error)")
            }
        }
    }
}
