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

    @Test func earlierProxiesAreKeptInXForwardedFor() {
        let sent = HTTPHeaders([("X-Forwarded-For", "1.1.1.1"), ("x-forwarded-proto", "https")])
        let out = UpstreamHeaders.request(sent, upstream: Self.upstream, client: "10.0.0.1")
        #expect(out["X-Forwarded-For"] == ["1.1.1.1, 10.0.0.1"])
        #expect(out["X-Forwarded-Proto"] == ["https"])
    }

    @Test func anAnswerWithNothingToDropComesBackAsItCame() {
        let answer = HTTPHeaders([("Content-Type", "application/json"), ("Set-Cookie", "a=1"), ("Content-Length", "2")])
        #expect(UpstreamHeaders.response(answer) == answer)
    }

    @Test func anAnswersConnectionFieldsAndTheFieldsTheyNameAreDropped() {
        let answer = HTTPHeaders([
            ("Connection", " keep-alive , X-Upstream-Only "), ("Keep-Alive", "timeout=60"),
            ("X-UPSTREAM-ONLY", "1"), ("Proxy-Authenticate", "Basic"), ("Content-Type", "text/plain"),
        ])
        #expect(UpstreamHeaders.response(answer) == HTTPHeaders([("Content-Type", "text/plain")]))
    }
}
