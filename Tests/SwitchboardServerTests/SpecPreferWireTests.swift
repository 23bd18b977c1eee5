import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// Prism's `Prefer` conventions on an endpoint made from a description:
/// `code=` answers that documented response, `example=` a named example,
/// `dynamic=true` a body generated from the schema though an example
/// exists; what the operation does not document is a 400 naming what it does.
@Suite struct SpecPreferWireTests {
    static let spec = """
        openapi: 3.1.0
        info: { title: Pets, version: "1" }
        paths:
          /pets/{id}:
            get:
              operationId: getPet
              parameters: [ { name: id, in: path, required: true, schema: { type: integer } } ]
              responses:
                '200':
                  description: a pet
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [name, age]
                        properties: { name: { type: string, minLength: 12 }, age: { type: integer, minimum: 1 } }
                      examples:
                        rex: { value: { name: Rex, age: 3 } }
                        tom: { value: { name: Tom, age: 9 } }
                '404':
                  description: none
                  content: { application/json: { example: { error: no such pet } } }
                default:
                  description: failed
                  content: { application/json: { example: { error: broken } } }
          /plain:
            get: { operationId: plain, responses: { '200': { description: ok } } }
        """

    static func get(_ prefer: String?, path: String = "/pets/1") -> String {
        "GET \(path) HTTP/1.1\r\nHost: x\r\n" + (prefer.map { "Prefer: \($0)\r\n" } ?? "") + "\r\n"
    }

    static func wire() throws -> WireHarness {
        try WireHarness(manifest: "openapi: api.yaml\n", files: ["api.yaml": Array(Self.spec.utf8)])
    }

    @Test func codeExampleAndDynamicChooseAmongTheDocumentedAnswers() throws {
        let wire = try Self.wire()
        #expect(try wire.response(to: Self.get(nil)).json()["name"] as? String == "Rex")
        let missing = try wire.response(to: Self.get("code=404"))
        #expect(missing.status == 404)
        #expect(try missing.json()["error"] as? String == "no such pet")
        // A status the description covers by `default` only.
        let teapot = try wire.response(to: Self.get("code=503"))
        #expect(teapot.status == 503)
        #expect(try teapot.json()["error"] as? String == "broken")
        #expect(try wire.response(to: Self.get("example=tom")).json()["name"] as? String == "Tom")
        let generated = try wire.response(to: Self.get("dynamic=true")).json()
        #expect((generated["name"] as? String).map { $0.count >= 12 } == true, "\(generated)")
        #expect((generated["age"] as? Int).map { $0 >= 1 } == true)
        // Beside Switchboard's own preferences.
        let both = try wire.response(to: Self.get("code=404, latency=none"))
        #expect(both.status == 404)
        // The endpoint's own answer is untouched afterwards.
        #expect(try wire.response(to: Self.get(nil)).json()["name"] as? String == "Rex")
    }

    /// Issue 37, item 23: the journal says what `Prefer` chose, as it does
    /// for `mode=`: an answer chosen by `code=` is no plain success.
    @Test func theJournalSaysWhichDocumentedAnswerPreferChose() throws {
        let wire = try Self.wire()
        for prefer in ["code=404", "example=tom", "dynamic=true", "code=503, latency=none"] {
            _ = try wire.response(to: Self.get(prefer))
        }
        _ = try wire.response(to: Self.get(nil))
        let entries = wire.entries
        #expect(
            entries.map(\.forcedText) == [
                "code=404", "example=tom", "dynamic=true", "code=503, latency=none", nil,
            ])
        #expect(entries[0].jsonLine.contains(#","forced_by":"prefer","forced":"code=404""#), "\(entries[0].jsonLine)")
        // The field set is the one `mode=` has: the mode is still the setting's.
        #expect(entries[0].jsonLine.contains(#","mode":"success","setting":"success","#))
    }

    @Test func whatTheOperationDoesNotDocumentIsA400NamingWhatItDoes() throws {
        let wire = try Self.wire()
        let unknownExample = try wire.response(to: Self.get("example=zed"))
        #expect(unknownExample.status == 400)
        #expect(unknownExample.text.contains("has no example named zed; it has rex, tom"), "\(unknownExample.text)")
        let plain = try WireHarness(
            manifest: "openapi: api.yaml\nendpoints:\n  - { id: mine, method: GET, path: /mine }\n",
            files: ["api.yaml": Array(Self.spec.utf8)])
        let notDocumented = try plain.response(to: Self.get("code=404", path: "/plain"))
        #expect(notDocumented.status == 400)
        #expect(notDocumented.text.contains("code=404 is not documented for plain; it documents 200"))
        let notFromADescription = try plain.response(to: Self.get("code=404", path: "/mine"))
        #expect(notFromADescription.status == 400)
        #expect(notFromADescription.text.contains("mine is not made from one"))
    }
}
