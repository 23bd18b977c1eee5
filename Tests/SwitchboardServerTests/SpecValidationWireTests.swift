import Foundation
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// `validate: true` on the wire: a request that breaks its operation is
/// answered 422 (401, 415) with each violation named, before any mode, and
/// journaled with them; one that keeps to it is answered as ever, and
/// without `validate` nothing is checked.
@Suite struct SpecValidationWireTests {
    static let spec = """
        openapi: 3.0.3
        info: { title: Pets, version: "1" }
        servers: [ { url: "https://pets.example/v1" } ]
        paths:
          /pets:
            get:
              operationId: listPets
              parameters:
                - { name: limit, in: query, schema: { type: integer, maximum: 100 } }
              responses:
                '200': { description: ok, content: { application/json: { example: [ { name: Rex } ] } } }
            post:
              operationId: addPet
              requestBody:
                required: true
                content:
                  application/json:
                    schema: { type: object, required: [name], properties: { name: { type: string } } }
              responses:
                '201': { description: made, content: { application/json: { example: { id: 1, name: Rex } } } }
        """

    static func wire(validate: Bool = true) throws -> WireHarness {
        try WireHarness(
            manifest: "openapi: api.yaml\n" + (validate ? "validate: true\n" : ""),
            files: ["api.yaml": Array(Self.spec.utf8)])
    }

    static func post(_ body: String, type: String = "application/json") -> String {
        "POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    @Test func aRequestThatBreaksTheDescriptionIs422NamingEachViolation() throws {
        let wire = try Self.wire()
        let answer = try wire.response(to: Self.post(#"{"name": 7}"#))
        #expect(answer.status == 422)
        #expect(answer.header("Content-Type") == "application/problem+json")
        let json = try answer.json()
        #expect(json["error"] as? String == "invalid_request")
        #expect(json["errors"] as? [[String: String]] == [["location": "body.name", "message": "expected string"]])
        let limit = try wire.response(to: "GET /pets?limit=500 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(limit.status == 422 && limit.text.contains("query.limit"), "\(limit.text)")
        #expect(try wire.response(to: Self.post("name=Rex", type: "application/x-www-form-urlencoded")).status == 415)
        #expect(
            wire.entries.map { $0.invalid.map(\.description) } == [
                ["body.name: expected string"], ["query.limit: must be ≤ 100"],
                ["header.Content-Type: application/x-www-form-urlencoded is not one of application/json"],
            ])
        #expect(wire.entries.map(\.endpointID) == ["addPet", "listPets", "addPet"])
    }

    @Test func aRequestThatKeepsToItIsAnsweredAsEver() throws {
        let wire = try Self.wire()
        #expect(try wire.response(to: Self.post(#"{"name":"Rex"}"#)).status == 201)
        // The same target twice on one connection: checked each time.
        for _ in 0..<2 {
            #expect(try wire.response(to: "GET /v1/pets?limit=5 HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
        }
        #expect(try wire.response(to: "GET /v1/pets?limit=x HTTP/1.1\r\nHost: x\r\n\r\n").status == 422)
        #expect(wire.entries.map { $0.invalid.isEmpty } == [true, true, true, false])
    }

    /// The journal keeps a body's first 64 KiB; a check of only those
    /// would call a longer JSON body cut short "not JSON".
    @Test func aBodyLongerThanTheJournalKeepsIsCheckedWhole() throws {
        let wire = try Self.wire()
        let pad = String(repeating: "x", count: 100_000)
        let answer = try wire.response(to: Self.post(#"{"name":"Rex","pad":"\#(pad)"}"#))
        #expect(answer.status == 201, "\(answer.text.prefix(300))")
        #expect(try wire.response(to: Self.post(#"{"name":7,"pad":"\#(pad)"}"#)).status == 422)
        #expect(wire.entries.map { $0.invalid.map(\.description) } == [[], ["body.name: expected string"]])
    }

    @Test func theCheckComesBeforeTheEndpointsMode() throws {
        let wire = try Self.wire()
        try wire.panel.setMode(.serverError, endpoint: "addPet")
        #expect(try wire.response(to: Self.post("{}")).status == 422)
        #expect(try wire.response(to: Self.post(#"{"name":"Rex"}"#)).status == 500)
    }

    @Test func withoutValidateNothingIsChecked() throws {
        let wire = try Self.wire(validate: false)
        #expect(try wire.response(to: Self.post(#"{"name": 7}"#)).status == 201)
        #expect(wire.entries.allSatisfy { $0.invalid.isEmpty })
    }
}
