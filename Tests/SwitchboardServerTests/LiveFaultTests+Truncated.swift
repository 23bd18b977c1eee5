import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

extension LiveFaultTests {
    /// `truncated` cuts a live answer as it cuts a fixture with the same
    /// bytes: a Content-Length 1 KB past the whole body, half the body, then
    /// the connection closes; the status and Content-Type are the
    /// upstream's. A chunked answer is held until whole, then cut the same.
    @Test(arguments: [TestUpstream.Route.json, .chunked])
    func truncatedCutsTheLiveBodyAsItCutsAFixture(_ route: TestUpstream.Route) async throws {
        let upstream = try SharedUpstream.current
        let whole = try await HTTPClient.send(upstream.url(route))
        let path = route.rawValue
        let fixture = try Self.server(
            "endpoints:\n  - { id: json, method: GET, path: \(path), success: "
                + "{ headers: {Content-Type: application/json}, file: body.bin } }\n",
            files: ["body.bin": [UInt8](whole.body)], mode: .truncated)
        let live = try Self.server(
            "endpoints:\n  - { id: json, method: GET, path: \(path), mode: live }\n", mode: .truncated,
            upstream: upstream)
        let request = Array("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        try await fixture.serving { fixture in
            try await live.serving { live in
                let expected = Cut(try await RawHTTP.exchange(port: fixture.port, bytes: request))
                let cut = Cut(try await RawHTTP.exchange(port: live.port, bytes: request))
                #expect(cut.status == "HTTP/1.1 200")
                #expect(cut.header("Content-Type") == "application/json")
                #expect(cut.header("Content-Length") == String(whole.body.count + 1024))
                #expect(cut.body == String(decoding: whole.body.prefix(whole.body.count / 2), as: UTF8.self))
                #expect(cut.header("Transfer-Encoding") == nil)
                #expect(cut.header("Content-Length") == expected.header("Content-Length"))
                #expect(cut.body == expected.body)
                let entry = try await LivePassthroughTests.entry("GET", path, in: live)
                #expect(entry.mode == .truncated)
                #expect(entry.upstream != nil && entry.upstream?.failure == nil)
            }
        }
    }

    /// A response read off the wire up to the server's close.
    struct Cut {
        var head: String
        var body: String

        init(_ raw: String) {
            let parts = raw.components(separatedBy: "\r\n\r\n")
            self.head = parts[0]
            self.body = parts.dropFirst().joined(separator: "\r\n\r\n")
        }

        var status: String { String(self.head.prefix(12)) }

        func header(_ name: String) -> String? { LivePassthroughTests.header(name, in: self.head) }
    }
}
