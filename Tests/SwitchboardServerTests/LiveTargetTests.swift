import Foundation
import SwitchboardTestSupport
import Testing

/// The request target as the upstream receives it, and the forms that are
/// not sent on at all.
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

    static func raw(_ request: String, to port: Int) async throws -> String {
        try await RawHTTP.exchange(port: port, bytes: Array(request.utf8))
    }

    @Test func theUpstreamReceivesTheTargetAsSentEscapedOnce() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await LivePassthroughTests.proxy(to: upstream.port).serving { proxy in
            for (sent, received) in Self.targets {
                let answer = try await Self.raw(
                    "GET \(sent) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", to: proxy.port)
                #expect(answer.hasPrefix("HTTP/1.1 200"), "\(sent): \(answer.prefix(200))")
                #expect(upstream.lastHead?.uri == received, "\(sent)")
            }
        }
    }

    @Test func connectIsRefusedWithAllowAndNotSentOn() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await LivePassthroughTests.proxy(to: upstream.port).serving { proxy in
            let answer = try await Self.raw(
                "CONNECT api.example.com:443 HTTP/1.1\r\nHost: localhost\r\n\r\n", to: proxy.port)
            #expect(answer.hasPrefix("HTTP/1.1 405"))
            #expect(LivePassthroughTests.header("Allow", in: answer) == "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
            #expect(answer.contains(#"{"error":"connect_not_proxied","message":"CONNECT is not proxied"#))
            #expect(upstream.connections == 0, "nothing went to the upstream")
            let entry = try await LivePassthroughTests.entry("CONNECT", "api.example.com:443", in: proxy)
            #expect(entry.status == .answered(405))
        }
    }

    @Test func optionsAsteriskIsAnsweredHereAndTheConnectionServesOn() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await LivePassthroughTests.proxy(to: upstream.port).serving { proxy in
            let answers = try await Self.raw(
                "OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\nGET * HTTP/1.1\r\nHost: localhost\r\n\r\n"
                    + "GET /after HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", to: proxy.port)
            let statuses = answers.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
            #expect(statuses == ["200", "400", "200"], "\(answers)")
            #expect(answers.contains("Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"))
            #expect(answers.hasSuffix("echo GET /after"))
            #expect(upstream.lastHead?.uri == "/after", "only the last went to the upstream")
            #expect(try await LivePassthroughTests.entry("OPTIONS", "*", in: proxy).status == .answered(200))
        }
    }

    @Test func anUpstream101IsA502InWords() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await LivePassthroughTests.proxy(to: upstream.port, readTimeout: .seconds(5)).serving { proxy in
            let result = try await HTTPClient.send(proxy.url("/switch"))
            #expect(result.status == 502)
            #expect(
                try result.json()["message"] as? String
                    == "upstream: upstream switched protocols, which a proxy here cannot follow")
            #expect(try await HTTPClient.send(proxy.url("/after")).text == "echo GET /after", "the proxy serves on")
        }
    }
}
