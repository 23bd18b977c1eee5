import SwitchboardModel
import SwitchboardSpec
import Testing

/// A real API's answer checked against the operation it was agreed as:
/// the drift a `live` endpoint and `check --against` report, each named by
/// where it is.
@Suite struct ResponseCheckTests {
    static let spec = """
        openapi: 3.0.3
        info: { title: Pets, version: "1" }
        components:
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties:
                id: { type: integer }
                name: { type: string }
          responses:
            Problem:
              description: problem
              content: { application/problem+json: { schema: { type: object } } }
        paths:
          /pets/{petId}:
            get:
              operationId: getPet
              responses:
                '200':
                  description: a pet
                  headers:
                    X-Rate-Limit: { required: true, schema: { type: integer } }
                    X-Trace: { schema: { type: string } }
                  content:
                    application/json: { schema: { $ref: '#/components/schemas/Pet' } }
                4XX: { $ref: '#/components/responses/Problem' }
            delete:
              operationId: deletePet
              responses:
                '204': { description: gone }
                default: { $ref: '#/components/responses/Problem' }
        """

    static func drift(
        _ operationID: String, status: Int, headers: [String: String] = [:], body: String? = nil
    ) throws -> [String] {
        let document = try SpecLoader.load(bytes: Array(Self.spec.utf8))
        let operation = try #require(document.operations.first { $0.operationID == operationID })
        let lowered = Dictionary(uniqueKeysWithValues: headers.map { ($0.key.lowercased(), $0.value) })
        return ResponseCheck.violations(
            status: status, header: { lowered[$0.lowercased()] }, body: body.map { Array($0.utf8) },
            against: operation, in: document.components
        ).map(\.description)
    }

    static let json = ["Content-Type": "application/json; charset=utf-8", "X-Rate-Limit": "10"]

    @Test func anAnswerAsDocumentedHasNoDrift() throws {
        #expect(try Self.drift("getPet", status: 200, headers: Self.json, body: #"{"id":1,"name":"Rex"}"#).isEmpty)
        #expect(try Self.drift("deletePet", status: 204, body: "").isEmpty)
    }

    @Test func aStatusNeitherDocumentedNorInARangeNorDefaultIsDrift() throws {
        #expect(try Self.drift("getPet", status: 503) == ["status: 503 is not documented; it documents 200, 4XX"])
        // A range and `default` document the statuses they cover.
        let problem = ["Content-Type": "application/problem+json"]
        #expect(try Self.drift("getPet", status: 404, headers: problem, body: "{}").isEmpty)
        #expect(try Self.drift("deletePet", status: 500, headers: problem, body: "{}").isEmpty)
    }

    @Test func aBodyThatBreaksTheSchemaIsDriftByLocation() throws {
        #expect(
            try Self.drift("getPet", status: 200, headers: Self.json, body: #"{"id":"one","name":"Rex"}"#)
                == ["body.id: expected integer"])
        #expect(try Self.drift("getPet", status: 200, headers: Self.json, body: "<html>") == ["body: not JSON"])
        #expect(
            try Self.drift("getPet", status: 200, headers: Self.json, body: "")
                == ["body: missing: the 200 response has application/json"])
        #expect(
            try Self.drift("deletePet", status: 204, body: "bye")
                == ["body: not documented: the 204 response has none"])
    }

    @Test func aContentTypeTheResponseDoesNotDocumentIsDrift() throws {
        let html = ["Content-Type": "text/html", "X-Rate-Limit": "10"]
        #expect(
            try Self.drift("getPet", status: 200, headers: html, body: "<p>")
                == ["header.Content-Type: text/html is not one of application/json"])
    }

    @Test func aRequiredHeaderMissingOrOfTheWrongTypeIsDrift() throws {
        let body = #"{"id":1,"name":"Rex"}"#
        #expect(
            try Self.drift("getPet", status: 200, headers: ["Content-Type": "application/json"], body: body)
                == ["header.X-Rate-Limit: missing"])
        let wrong = ["Content-Type": "application/json", "X-Rate-Limit": "lots"]
        #expect(
            try Self.drift("getPet", status: 200, headers: wrong, body: body) == [
                "header.X-Rate-Limit: expected integer"
            ])
    }

    @Test func aBodyNotKeptIsNotChecked() throws {
        #expect(try Self.drift("getPet", status: 200, headers: Self.json, body: nil).isEmpty)
    }

    @Test func responseHeadersAreReadFromTheDescription() throws {
        let document = try SpecLoader.load(bytes: Array(Self.spec.utf8))
        let operation = try #require(document.operations.first { $0.operationID == "getPet" })
        let headers = operation.responses[0].headers
        #expect(headers.map(\.name) == ["X-Rate-Limit", "X-Trace"])
        #expect(headers.map(\.required) == [true, false])
    }
}
