import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// The request target as it goes to the upstream, and the forms that are
/// not sent on at all: on the embedded event loop with a scripted upstream
/// (`LiveWire`). That the HTTP client sends the URL as given is
/// `LivePassthroughTests`'.
@Suite struct LiveTargetTests {
    /// Sent raw (no client would send some of these), with what the
    /// upstream must see: escapes as sent, bytes a URL cannot hold escaped
    /// once, an absolute-form target in origin form.
    static let targets: [(sent: String, received: String)] = [
        ("/search?filter={%22a%22:1}", "/search?filter=%7B%22a%22:1%7D"),
        ("/a%2Fb/c?x=%25&y=%2F", "/a%2Fb/c?x=%25&y=%2F"),
        ("/q?a=1+2&b=c;d", "/q?a=1+2&b=c;d"),
        ("/m;p=1/n", "/m;p=1/n"),
        ("/x?y=a|b^c`d\\e", "/x?y=a%7Cb%5Ec%60d%5Ce"),
        ("/x?y=%zz&z=%4", "/x?y=%25zz&z=%254"),
        ("/a[1]?b[]=%20", "/a%5B1%5D?b%5B%5D=%20"),
        ("/caf%C3%A9?q=%E2%82%AC", "/caf%C3%A9?q=%E2%82%AC"),
        ("/ok?a=b/c?d:e@f!$&'()*,=~", "/ok?a=b/c?d:e@f!$&'()*,=~"),
        ("http://host.test:1/x?q=1", "/x?q=1"),
        ("HTTP://host.test?q=1", "/?q=1"),
        ("http://host.test", "/"),
    ]
    static let base = "http://127.0.0.1:9"

    @Test func theUpstreamReceivesTheTargetAsSentEscapedOnce() throws {
        let live = try LiveWire()
        for (sent, received) in Self.targets {
            let answers = try live.responses(to: "GET \(sent) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            #expect(answers.map(\.status) == [200], "\(sent): \(answers.map(\.head))")
            #expect(live.upstream.requests.last?.url == Self.base + received, "\(sent)")
        }
        #expect(live.upstream.requests.count == Self.targets.count)
    }

    @Test func connectIsRefusedWithAllowAndNotSentOn() throws {
        let live = try LiveWire()
        let answers = try live.responses(to: "CONNECT api.example.com:443 HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let answer = try #require(answers.first)
        #expect(answer.status == 405)
        #expect(answer.header("Allow") == "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
        #expect(answer.text.contains(#"{"error":"connect_not_proxied","message":"CONNECT is not proxied"#))
        #expect(live.upstream.requests.isEmpty, "nothing went to the upstream")
        let entry = try #require(live.entries.last { $0.method == "CONNECT" && $0.target == "api.example.com:443" })
        #expect(entry.status == .answered(405))
    }

    @Test func optionsAsteriskIsAnsweredHereAndTheConnectionServesOn() throws {
        let live = try LiveWire()
        let answers = try live.responses(
            to: "OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\nGET * HTTP/1.1\r\nHost: localhost\r\n\r\n"
                + "GET /after HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        ) { try $0.answer(.ok, body: "echo GET /after") }
        #expect(answers.map(\.status) == [200, 400, 200], "\(answers.map(\.head))")
        #expect(answers.first?.header("Allow") == "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
        #expect(answers.last?.text == "echo GET /after")
        #expect(live.upstream.requests.map(\.url) == [Self.base + "/after"], "only the last went to the upstream")
        let entry = try #require(live.entries.last { $0.method == "OPTIONS" && $0.target == "*" })
        #expect(entry.status == .answered(200))
    }

    @Test func anUpstream101IsA502InWords() throws {
        let live = try LiveWire()
        // As a WebSocket server would, were an Upgrade ever sent.
        let result = try live.get("/switch") {
            try $0.answer(.switchingProtocols, ["Connection": "Upgrade", "Upgrade": "websocket"])
        }
        #expect(result.status == 502)
        #expect(
            try result.json()["message"] as? String
                == "upstream: upstream switched protocols, which a proxy here cannot follow")
        #expect(try live.get("/after") { try $0.answer(.ok, body: "echo GET /after") }.text == "echo GET /after")
    }
}
