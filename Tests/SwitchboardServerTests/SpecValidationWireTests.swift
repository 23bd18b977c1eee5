import Foundation
import NIOEmbedded
import SwitchboardCore
import SwitchboardModel
import SwitchboardSpecEndpoints
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

    /// A check may take its 2,000,000 steps a value (a pattern its
    /// 16,000,000): it runs off the loop, and the answer waits for it while
    /// the loop answers another connection.
    @Test func theCheckRunsOffTheEventLoop() throws {
        let held = HeldWork()
        let panel = try MemoryFixtures(
            "openapi: api.yaml\nvalidate: true\n", files: ["api.yaml": Array(Self.spec.utf8)], descriptions: .openAPI
        )
        .panel()
        let journal = RequestJournal(capacity: 100)
        let loop = EmbeddedEventLoop()
        let first = try WireHarness(panel: panel, journal: journal, loop: loop, offLoop: held)
        let second = try WireHarness(panel: panel, journal: journal, loop: loop, offLoop: held)
        try first.send(Self.post(#"{"name": 7}"#))
        #expect(try first.responses().isEmpty, "the answer waits for its check")
        #expect(held.waiting == 1)
        try second.send("GET /v1/pets?limit=5 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(held.waiting == 2)
        held.release(1)
        #expect(try second.responses().map(\.status) == [200], "answered while the first check waits")
        held.release()
        #expect(try first.responses().map(\.status) == [422])
        #expect(
            journal.entries(after: 0).entries.map { $0.invalid.map(\.description) } == [
                [], ["body.name: expected string"],
            ])
    }

    /// A value whose check runs out of steps is not checked, and said so:
    /// the request is answered as if it kept to the description, and the
    /// journal says what was not checked.
    @Test(.ownThreads) func aValueNotCheckedIsAnsweredAndSaidSo() throws {
        let spec = """
            openapi: 3.0.3
            info: { title: Words, version: "1" }
            paths:
              /words:
                post:
                  operationId: addWord
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties: { word: { type: string, pattern: "^(?:a{0,100}){0,200}b$" } }
                  responses: { '201': { description: made, content: { application/json: { example: { ok: true } } } } }
            """
        let wire = try WireHarness(
            manifest: "openapi: api.yaml\nvalidate: true\n", files: ["api.yaml": Array(spec.utf8)])
        let body = #"{"word":""# + String(repeating: "a", count: 20_000) + #""}"#
        let request =
            "POST /words HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        #expect(try wire.response(to: request).status == 201)
        let entry = try #require(wire.entries.last)
        #expect(
            entry.invalid.map(\.description) == [
                "body: not checked: it takes more than 2000000 steps against its schema"
            ])
        #expect(entry.jsonLine.contains(#""invalid":["body: not checked: it takes more than 2000000 steps"#))
        // Checked as ever where the steps are enough.
        let short = #"{"word":"aac"}"#
        #expect(
            try wire.response(
                to:
                    "POST /words HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(short.utf8.count)\r\n\r\n\(short)"
            ).status == 422)
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
