import NIOHTTP1
import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// What crosses the proxy in each direction, field by field.
@Suite struct UpstreamHeadersTests {
    static let upstream = UpstreamURL(scheme: "http", host: "127.0.0.1", port: 9000)

    @Test func hopByHopFieldsStayBehindInAnyCase() {
        let sent = HTTPHeaders([
            ("HOST", "app.test"), ("connection", "Keep-Alive, X-Trace"), ("KEEP-ALIVE", "timeout=5"),
            ("Te", "trailers"), ("TRAILER", "X-Sum"), ("upgrade", "h2c"), ("Proxy-Authorization", "Basic eA=="),
            ("PROXY-X", "1"), ("x-trace", "abc"), ("Transfer-Encoding", "chunked"), ("Content-Length", "3"),
            ("Authorization", "Bearer t"), ("X-App", "kept"),
        ])
        let out = UpstreamHeaders.request(sent, upstream: Self.upstream, client: "10.0.0.1")
        #expect(
            out.map(\.name) == [
                "Authorization", "X-App", "Host", "X-Forwarded-For", "X-Forwarded-Proto", "X-Forwarded-Host",
            ])
        #expect(out["Host"] == ["127.0.0.1:9000"])
        #expect(out["X-Forwarded-Host"] == ["app.test"])
    }

    @Test func earlierProxiesAreKeptInXForwardedForButProtoAndHostAreWhatSwitchboardSaw() {
        let sent = HTTPHeaders([
            ("Host", "app.test"), ("X-Forwarded-For", "1.1.1.1"), ("x-forwarded-proto", "https"),
            ("X-Forwarded-Host", "admin.internal"),
        ])
        let out = UpstreamHeaders.request(sent, upstream: Self.upstream, client: "10.0.0.1")
        #expect(out["X-Forwarded-For"] == ["1.1.1.1, 10.0.0.1"])
        #expect(out["X-Forwarded-Proto"] == ["http"], "Switchboard is reached over plain HTTP")
        #expect(out["X-Forwarded-Host"] == ["app.test"], "the Host the client sent, not its claim")
    }

    @Test func anXForwardedForThatConnectionNamesIsDroppedForTheClientAlone() {
        let sent = HTTPHeaders([("Connection", "X-Forwarded-For"), ("X-Forwarded-For", "6.6.6.6")])
        let out = UpstreamHeaders.request(sent, upstream: Self.upstream, client: "10.0.0.1")
        #expect(out["X-Forwarded-For"] == ["10.0.0.1"])
        #expect(!out.contains(name: "X-Forwarded-Host"), "no Host was sent")
    }

    @Test func anAnswerWithNothingToDropComesBackAsItCame() {
        let answer = HTTPHeaders([("Content-Type", "application/json"), ("Set-Cookie", "a=1"), ("Content-Length", "2")])
        #expect(UpstreamHeaders.response(answer) == answer)
    }

    /// What a keep-alive upstream sends on every answer: only the
    /// `Connection` field stays behind, the others keep their order.
    @Test func anAnswersPlainKeepAliveOrCloseIsDroppedAndTheRestKeepTheirOrder() {
        for value in ["keep-alive", "Keep-Alive", "close", "CLOSE"] {
            let answer = HTTPHeaders([
                ("Server", "nginx"), ("Date", "today"), ("Content-Type", "application/json"),
                ("Content-Length", "124"), ("Connection", value), ("ETag", "\"v1\""),
            ])
            #expect(
                UpstreamHeaders.response(answer)
                    == HTTPHeaders([
                        ("Server", "nginx"), ("Date", "today"), ("Content-Type", "application/json"),
                        ("Content-Length", "124"), ("ETag", "\"v1\""),
                    ]), "\(value)")
        }
        #expect(UpstreamHeaders.namedByConnection(HTTPHeaders([("Connection", "keep-alive")])).isEmpty)
        #expect(UpstreamHeaders.namedByConnection(HTTPHeaders([("Connection", "keep-alive, X-A")])) == ["x-a"])
    }

    @Test func anAnswersConnectionFieldsAndTheFieldsTheyNameAreDropped() {
        let answer = HTTPHeaders([
            ("Connection", " keep-alive , X-Upstream-Only "), ("Keep-Alive", "timeout=60"),
            ("X-UPSTREAM-ONLY", "1"), ("Proxy-Authenticate", "Basic"), ("Content-Type", "text/plain"),
        ])
        #expect(UpstreamHeaders.response(answer) == HTTPHeaders([("Content-Type", "text/plain")]))
    }
}
