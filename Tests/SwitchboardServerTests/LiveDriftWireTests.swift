import Foundation
import NIOHTTP1
import SwitchboardControl
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// A `live` endpoint made from a description, in front of the real API
/// (`ScriptedUpstream`): an answer that breaks what the description
/// documents is relayed as it came, and the journal says how it drifted.
@Suite struct LiveDriftWireTests {
    static let spec = """
        openapi: 3.1.0
        info: { title: Pets, version: "1" }
        paths:
          /pets/{id}:
            get:
              operationId: getPet
              responses:
                '200':
                  description: a pet
                  headers: { X-Rate-Limit: { required: true, schema: { type: integer } } }
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [id, name]
                        properties: { id: { type: integer }, name: { type: string } }
                '404': { description: none }
        """

    static func wire(offLoop: (any OffLoopWork)? = nil) throws -> LiveWire {
        try LiveWire(
            "openapi: api.yaml\nendpoints:\n  - { id: getPet, method: GET, path: /pets/:id, mode: live }\n",
            files: ["api.yaml": Array(Self.spec.utf8)], offLoop: offLoop)
    }

    static let documented: HTTPHeaders = ["Content-Type": "application/json", "X-Rate-Limit": "5"]

    @Test func anAnswerOfTheWrongTypeIsRelayedAsItCameAndJournaledAsDrift() throws {
        let wire = try Self.wire()
        let answer = try wire.get("/pets/1") {
            try $0.answer(.ok, Self.documented, body: #"{"id":"one","name":"Rex"}"#)
        }
        #expect(answer.status == 200)
        #expect(answer.text == #"{"id":"one","name":"Rex"}"#)
        let entry = try #require(wire.entries.last)
        #expect(entry.drift.map(\.description) == ["body.id: expected integer"])
        #expect(entry.jsonLine.contains(#","upstream":"live "#))
        #expect(entry.jsonLine.contains(#","drift":["body.id: expected integer"]"#))
        // What the control API and the libraries' verification read.
        #expect(RequestRecord(unredacted: entry).drift == ["body.id: expected integer"])
    }

    /// A check may take its 2,000,000 steps a value (a pattern its
    /// 16,000,000): it runs off the loop, after the answer is relayed, and
    /// the answer is journaled once it is done. Meanwhile the loop answers
    /// another connection.
    @Test func theDriftCheckRunsOffTheEventLoop() throws {
        let held = HeldWork()
        let wire = try Self.wire(offLoop: held)
        let first = try wire.get("/pets/1") { try $0.answer(.ok, Self.documented, body: #"{"id":"one","name":"Rex"}"#) }
        #expect(first.text == #"{"id":"one","name":"Rex"}"#, "relayed whole while its check waits")
        #expect(held.waiting == 1)
        #expect(wire.entries.isEmpty, "journaled once checked")
        let second = try wire.get("/pets/2") { try $0.answer(.ok, Self.documented, body: #"{"id":2,"name":"Tom"}"#) }
        #expect(second.status == 200)
        #expect(held.waiting == 2)
        held.release(1)
        #expect(wire.entries.map(\.drift.isEmpty) == [true])
        held.release()
        #expect(wire.entries.last?.drift.map(\.description) == ["body.id: expected integer"])
        #expect(wire.entries.map(\.status) == [.answered(200), .answered(200)])
    }

    @Test func anAnswerAsDocumentedHasNoDrift() throws {
        let wire = try Self.wire()
        _ = try wire.get("/pets/1") { try $0.answer(.ok, Self.documented, body: #"{"id":1,"name":"Rex"}"#) }
        let entry = try #require(wire.entries.last)
        #expect(entry.drift.isEmpty)
        #expect(!entry.jsonLine.contains("drift"))
    }

    @Test func anUndocumentedStatusAndAMissingHeaderAreDrift() throws {
        let wire = try Self.wire()
        _ = try wire.get("/pets/1") { try $0.answer(.serviceUnavailable, body: "down") }
        #expect(wire.entries.last?.drift.map(\.description) == ["status: 503 is not documented; it documents 200, 404"])
        _ = try wire.get("/pets/1") {
            try $0.answer(.ok, ["Content-Type": "application/json"], body: #"{"id":1,"name":"Rex"}"#)
        }
        #expect(wire.entries.last?.drift.map(\.description) == ["header.X-Rate-Limit: missing"])
    }

    /// The real API may compress; what is checked is the body it means.
    @Test func aGzippedBodyIsCheckedDecoded() throws {
        let wire = try Self.wire()
        // `{"id":1,"name":7}`, gzipped by Python's gzip.compress(mtime=0).
        let gzipped: [UInt8] = [
            31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 171, 86, 202, 76, 81, 178, 50, 212, 81, 202, 75, 204, 77, 85, 178, 50, 175,
            5, 0, 47, 97, 161, 132, 17, 0, 0, 0,
        ]
        _ = try wire.get("/pets/1") { upstream in
            var headers = Self.documented
            headers.add(name: "Content-Encoding", value: "gzip")
            try upstream.answer(.ok, headers, bytes: gzipped)
        }
        #expect(wire.entries.last?.drift.map(\.description) == ["body.name: expected string"])
    }

    /// Checking runs on the event loop: a body past the limit is not
    /// parsed, only the status and headers are checked.
    @Test func aBodyPastTheLimitIsNotChecked() throws {
        let wire = try Self.wire()
        let big = #"{"id":"x","pad":""# + String(repeating: "a", count: DriftBody.limit) + #""}"#
        _ = try wire.get("/pets/1") { try $0.answer(.ok, Self.documented, body: big) }
        #expect(wire.entries.last?.drift.isEmpty == true)
        let small = #"{"id":"x","pad":""# + String(repeating: "a", count: DriftBody.limit - 40) + #""}"#
        _ = try wire.get("/pets/1") { try $0.answer(.ok, Self.documented, body: small) }
        #expect(wire.entries.last?.drift.first?.description == "body.id: expected integer")
    }

    /// A gzip bomb: a few KB of gzip that decode past the limit are not
    /// decoded to be checked, on the event loop, any more than a plain body
    /// past it is.
    @Test func aBodyThatDecodesPastTheLimitIsNotChecked() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("drift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = #"{"id":"x","pad":""# + String(repeating: "a", count: DriftBody.limit) + #""}"#
        try Data(big.utf8).write(to: directory.appendingPathComponent("body"))
        #expect(
            try await Subprocess.run("gzip", ["-n", "-9", directory.appendingPathComponent("body").path]).status == 0)
        let gzipped = try [UInt8](Data(contentsOf: directory.appendingPathComponent("body.gz")))
        #expect(gzipped.count < 8 * 1024)
        let wire = try Self.wire()
        _ = try wire.get("/pets/1") { upstream in
            var headers = Self.documented
            headers.add(name: "Content-Encoding", value: "gzip")
            try upstream.answer(.ok, headers, bytes: gzipped)
        }
        #expect(wire.entries.last?.drift.isEmpty == true)
    }

    @Test func anEndpointNotMadeFromADescriptionIsNotChecked() throws {
        let wire = try LiveWire("endpoints:\n  - { id: a, method: GET, path: /a, mode: live }\n")
        _ = try wire.get("/a") { try $0.answer(.serviceUnavailable, body: "down") }
        #expect(wire.entries.last?.drift.isEmpty == true)
    }
}
