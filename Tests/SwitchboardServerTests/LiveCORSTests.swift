import Foundation
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// CORS on live answers: Switchboard lets a dev server on this machine read
/// the real API, and no other page; an upstream that speaks CORS for itself
/// is left to do so. Fixture answers allow any page, as before.
@Suite struct LiveCORSTests {
    static let manifest = """
        endpoints:
          - method: GET
            path: /fixture
            success:
              body: '{"ok": true}'
        """

    static func origin(_ origin: String) -> [String] { ["-H", "Origin: \(origin)"] }

    @Test func aLiveAnswerIsReadableByALoopbackPageAndNoOther() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await LivePassthroughTests.proxy(to: upstream.port, manifest: Self.manifest).serving { proxy in
            for origin in ["http://localhost:5173", "http://127.0.0.1:3000", "https://127.8.9.10", "http://[::1]:8080"]
            {
                let relayed = try await LivePassthroughTests.curl(proxy.url("/things"), Self.origin(origin))
                #expect(LivePassthroughTests.header("Access-Control-Allow-Origin", in: relayed.head) == origin)
                #expect(LivePassthroughTests.header("Access-Control-Allow-Credentials", in: relayed.head) == "true")
            }
            for origin in ["https://evil.example", "http://127.0.0.1.evil.example", "null", "http://localhost.evil"] {
                let relayed = try await LivePassthroughTests.curl(proxy.url("/things"), Self.origin(origin))
                #expect(String(decoding: relayed.body, as: UTF8.self) == "echo GET /things")
                for name in [
                    "Access-Control-Allow-Origin", "Access-Control-Allow-Credentials", "Access-Control-Expose-Headers",
                ] {
                    #expect(LivePassthroughTests.header(name, in: relayed.head) == nil, "\(origin): \(name)")
                }
            }
            // A fixture is the fake API's own: any page may read it, as before.
            let fixture = try await LivePassthroughTests.curl(
                proxy.url("/fixture"), Self.origin("https://evil.example"))
            #expect(
                LivePassthroughTests.header("Access-Control-Allow-Origin", in: fixture.head) == "https://evil.example")
        }
    }

    @Test func anUpstreamsOwnCORSHeadersPassThroughUnchanged() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await LivePassthroughTests.proxy(to: upstream.port).serving { proxy in
            let relayed = try await LivePassthroughTests.curl(proxy.url("/cors"), Self.origin("http://localhost:5173"))
            let lines = relayed.head.split(separator: "\r\n").filter { $0.lowercased().hasPrefix("access-control-") }
            #expect(lines == ["Access-Control-Allow-Origin: https://app.example"])
            #expect(LivePassthroughTests.header("Vary", in: relayed.head) == "Origin")
        }
    }

    @Test func loopbackOriginsAreOnlyThoseThatCannotPointElsewhere() {
        for origin in ["http://localhost", "https://localhost:8443", "http://127.0.0.1:1", "http://[::1]"] {
            #expect(CORS.isLoopbackOrigin(origin), "\(origin)")
        }
        for origin in [
            "https://api.example.com", "http://127.0.0.1.nip.io", "file://", "null", "http://localhost@evil.example",
            "ftp://localhost", "http://[::2]", "http://10.0.0.1",
        ] {
            #expect(!CORS.isLoopbackOrigin(origin), "\(origin)")
        }
    }
}
