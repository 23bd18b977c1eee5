import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// CORS on live answers: Switchboard lets a dev server on this machine read
/// the real API, and no other page; an upstream that speaks CORS for itself
/// is left to do so. Fixture answers allow any page, as before. On the
/// embedded event loop with a scripted upstream (`LiveWire`).
@Suite struct LiveCORSTests {
    static let manifest = """
        endpoints:
          - method: GET
            path: /fixture
            success:
              body: '{"ok": true}'
        """

    static func origin(_ origin: String) -> [String] { ["Origin: \(origin)"] }

    @Test func aLiveAnswerIsReadableByALoopbackPageAndNoOther() throws {
        let live = try LiveWire(Self.manifest)
        let echo: (ScriptedUpstream) throws -> Void = {
            try $0.answer(.ok, ["Content-Length": "16"], body: "echo GET /things")
        }
        for origin in ["http://localhost:5173", "http://127.0.0.1:3000", "https://127.8.9.10", "http://[::1]:8080"] {
            let relayed = try live.get("/things", headers: Self.origin(origin), reply: echo)
            #expect(relayed.header("Access-Control-Allow-Origin") == origin)
            #expect(relayed.header("Access-Control-Allow-Credentials") == "true")
        }
        for origin in ["https://evil.example", "http://127.0.0.1.evil.example", "null", "http://localhost.evil"] {
            let relayed = try live.get("/things", headers: Self.origin(origin), reply: echo)
            #expect(relayed.text == "echo GET /things")
            for name in [
                "Access-Control-Allow-Origin", "Access-Control-Allow-Credentials", "Access-Control-Expose-Headers",
            ] {
                #expect(relayed.header(name) == nil, "\(origin): \(name)")
            }
        }
        // A fixture is the fake API's own: any page may read it, as before.
        let fixture = try live.get("/fixture", headers: Self.origin("https://evil.example"))
        #expect(fixture.header("Access-Control-Allow-Origin") == "https://evil.example")
        #expect(live.upstream.requests.count == 8, "the fixture did not go to the upstream")
    }

    @Test func anUpstreamsOwnCORSHeadersPassThroughUnchanged() throws {
        let live = try LiveWire()
        let relayed = try live.get("/cors", headers: Self.origin("http://localhost:5173")) {
            try $0.answer(
                .ok, ["Content-Length": "2", "Access-Control-Allow-Origin": "https://app.example", "Vary": "Origin"],
                body: "{}")
        }
        let lines = relayed.head.split(separator: "\r\n").filter { $0.lowercased().hasPrefix("access-control-") }
        #expect(lines == ["Access-Control-Allow-Origin: https://app.example"])
        #expect(relayed.header("Vary") == "Origin")
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
