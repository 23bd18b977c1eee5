import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// The answer remembered by target, on the wire: the headers the handler
/// reads once as a head arrives (`HeaderFacts`) still keep a request that
/// asks for its own answer, or that a web page sent, from being handed the
/// remembered one, on the same kept-alive connection.
@Suite struct AnswerMemoWireTests {
    static let get = "GET /a HTTP/1.1\r\nHost: t\r\n"

    @Test func aPreferHeaderInAnyCaseIsAnsweredForItself() throws {
        let wire = try WireHarness(manifest: "endpoints:\n  - { id: a, method: GET, path: /a }\n")
        #expect(try wire.exchange(Self.get + "\r\n").hasPrefix("HTTP/1.1 200 OK"))
        #expect(try wire.exchange(Self.get + "\r\n").hasPrefix("HTTP/1.1 200 OK"))
        let preferred = try wire.exchange(Self.get + "pReFeR: mode=server_error\r\n\r\n")
        #expect(preferred.hasPrefix("HTTP/1.1 500"), "\(preferred)")
        #expect(try wire.exchange(Self.get + "\r\n").hasPrefix("HTTP/1.1 200 OK"))
    }

    @Test func aPageGetsTheRememberedAnswerWithItsCORSHeaders() throws {
        let wire = try WireHarness(manifest: "endpoints:\n  - { id: a, method: GET, path: /a }\n")
        #expect(try !wire.exchange(Self.get + "\r\n").contains("Access-Control-Allow-Origin"))
        let page = try wire.exchange(Self.get + "origin: https://app.example\r\n\r\n")
        #expect(page.hasPrefix("HTTP/1.1 200 OK"), "\(page)")
        #expect(page.contains("Access-Control-Allow-Origin"), "\(page)")
    }
}
