import Foundation
import NIOCore
import NIOEmbedded
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// Answers made from the request, on the wire: values JSON-escaped in a
/// JSON body, rendered for each request (never a remembered answer), and
/// a body that templates read is waited for even where answers are
/// decided at the head.
@Suite struct RequestTemplateWireTests {
    static let manifest = """
        endpoints:
          - id: echo
            method: POST
            path: /echo
            success:
              headers: { X-Echo: "key {header.X-Key}", X-Request-Id: "{uuid}" }
              json: { hello: "{body.user.name}", key: "{header.X-Key}", n: "{counter}", page: "{query.page}" }
          - id: text
            method: GET
            path: /text
            success: { body: "you are number {counter}" }
        """

    static func post(_ body: String, headers: String = "") -> String {
        "POST /echo?page=3 HTTP/1.1\r\nHost: x\r\n\(headers)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    @Test func valuesAreJSONEscapedAndRenderedForEachRequest() throws {
        let wire = try WireHarness(manifest: Self.manifest)
        let first = try wire.response(
            to: Self.post(#"{"user":{"name":"Ada \"Q\" \\ L"}}"#, headers: "X-Key: k\"1\r\n"))
        #expect(first.status == 200)
        let json = try first.json()
        #expect(json["hello"] as? String == #"Ada "Q" \ L"#)
        #expect(json["key"] as? String == #"k"1"#)
        #expect(json["n"] as? String == "1")
        #expect(json["page"] as? String == "3")
        #expect(first.header("Content-Length") == String(first.body.count))
        #expect(first.header("X-Echo") == #"key k"1"#)
        #expect(first.header("X-Request-Id")?.count == 36)
        let second = try wire.response(to: Self.post("not json"))
        #expect(try second.json()["n"] as? String == "2")
        #expect(try second.json()["hello"] as? String == "")
        // A plain GET, asked twice on one connection: not remembered.
        let texts = try (0..<2).map { _ in try wire.response(to: "GET /text HTTP/1.1\r\nHost: x\r\n\r\n").text }
        #expect(texts == ["you are number 1", "you are number 2"])
    }

    /// `{seq}` numbers the server's requests across endpoints; `{counter}`
    /// each endpoint's own.
    @Test func seqCountsEveryEndpointsRequests() throws {
        let wire = try WireHarness(
            manifest: """
                endpoints:
                  - { id: a, method: GET, path: /a, success: { body: "a {seq} {counter}" } }
                  - { id: b, method: GET, path: /b, success: { body: "b {seq} {counter}" } }
                """)
        let answers = try ["/a", "/b", "/a"].map {
            try wire.response(to: "GET \($0) HTTP/1.1\r\nHost: x\r\n\r\n").text
        }
        #expect(answers == ["a 1 1", "b 2 1", "a 3 2"])
    }

    @Test func aBodyTheAnswerReadsIsWaitedForWhereAnswersAreDecidedAtTheHead() throws {
        let live = try LiveWire(Self.manifest + "\n  - { id: feed, method: GET, path: /feed, mode: live }\n")
        let wire = try live.connect()
        let body = #"{"user":{"name":"Ada"}}"#
        let request = Self.post(body)
        let split = request.utf8.count - body.utf8.count / 2
        try wire.send(String(request.prefix(split)))
        #expect(try wire.writtenBytes().isEmpty)
        try wire.send(String(request.dropFirst(split)))
        let responses = try wire.responses()
        #expect(try responses.first?.json()["hello"] as? String == "Ada")
    }
}
