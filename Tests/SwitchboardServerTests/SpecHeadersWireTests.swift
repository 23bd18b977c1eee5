import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// On the wire: swagger's Petstore documents `X-Rate-Limit` (int32) and
/// `X-Expires-After` (date-time) on `/user/login`'s 200, and the answer
/// carries both, beside the body's own Content-Type and Content-Length.
@Suite struct SpecHeadersWireTests {
    static func wire() throws -> WireHarness {
        let petstore = PublishedSpecs.folder.appendingPathComponent("swagger-petstore/openapi.yaml")
        return try WireHarness(
            manifest: "openapi: api.yaml\n", files: ["api.yaml": Array(try Data(contentsOf: petstore))])
    }

    @Test func loginAnswersWithTheHeadersItDocuments() throws {
        let wire = try Self.wire()
        let login = try wire.response(to: "GET /api/v3/user/login?username=a&password=b HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(login.status == 200)
        let limit = try #require(login.header("X-Rate-Limit"), "\(login.head)")
        #expect(Int32(limit) != nil, "\(login.head)")
        let expires = try #require(login.header("X-Expires-After"), "\(login.head)")
        #expect(ISO8601DateFormatter().date(from: expires) != nil, "\(login.head)")
        #expect(login.header("Content-Type") == "application/json")
        #expect(login.header("Content-Length") == String(login.body.count))
        #expect(login.head.components(separatedBy: "\r\n").count { $0.hasPrefix("X-Rate-Limit:") } == 1)

        // The same values for Prism's Prefer naming the same response.
        let preferred = try wire.response(
            to: "GET /api/v3/user/login HTTP/1.1\r\nHost: x\r\nPrefer: code=200\r\n\r\n")
        #expect(preferred.header("X-Rate-Limit") == limit)
        #expect(preferred.header("X-Expires-After") == expires)

        // Another operation documents none, and gets none.
        let logout = try wire.response(to: "GET /api/v3/user/logout HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(logout.header("X-Rate-Limit") == nil)
    }
}
