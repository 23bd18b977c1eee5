import SwitchboardModel
import SwitchboardSpec
import Testing

/// A request checked against its operation (`--validate`): each parameter by
/// its schema once read from text, the body by its media type and schema,
/// and the credentials the security schemes ask for, each violation named
/// by where it is.
@Suite struct RequestCheckTests {
    static let spec = """
        openapi: 3.1.0
        info: { title: Orders, version: "1" }
        components:
          securitySchemes:
            key: { type: apiKey, in: header, name: X-Api-Key }
            bearer: { type: http, scheme: bearer }
          schemas:
            Order:
              type: object
              required: [sku, quantity]
              properties:
                sku: { type: string, pattern: "^[A-Z]+$" }
                quantity: { type: integer, minimum: 1 }
                items: { type: array, items: { type: object, properties: { price: { type: number } } } }
        security: [ { key: [] } ]
        paths:
          /orders/{orderId}:
            parameters:
              - { name: orderId, in: path, required: true, schema: { type: integer } }
            get:
              operationId: getOrder
              parameters:
                - { name: limit, in: query, schema: { type: integer, maximum: 100 } }
                - { name: price, in: query, schema: { type: number } }
                - { name: tags, in: query, schema: { type: array, items: { type: string, enum: [a, b] } } }
                - { name: X-Trace, in: header, required: true, schema: { type: string } }
              responses: { '200': { description: ok } }
          /orders:
            post:
              operationId: createOrder
              security: [ { bearer: [] }, { key: [] } ]
              requestBody:
                required: true
                content:
                  application/json: { schema: { $ref: '#/components/schemas/Order' } }
              responses: { '201': { description: made } }
          /open:
            get:
              operationId: open
              security: [ {} ]
              responses: { '200': { description: ok } }
        """

    static func check(
        _ operationID: String, path: [String: String] = [:], query: [(String, String)] = [],
        headers: [String: String] = ["X-Api-Key": "k", "X-Trace": "t"], body: String = ""
    ) throws -> [ContractViolation] {
        let document = try SpecLoader.load(bytes: Array(Self.spec.utf8))
        let operation = try #require(document.operations.first { $0.operationID == operationID })
        let lowered = Dictionary(uniqueKeysWithValues: headers.map { ($0.key.lowercased(), $0.value) })
        let request = SpecRequest(
            pathValues: path, query: query.map { (name: $0.0, value: $0.1) }, header: { lowered[$0.lowercased()] },
            body: Array(body.utf8))
        return RequestCheck.violations(of: request, against: operation, in: document)
    }

    static func described(_ violations: [ContractViolation]) -> [String] { violations.map(\.description) }

    @Test func parametersAreReadAsTheirSchemaSaysThenChecked() throws {
        #expect(try Self.check("getOrder", path: ["orderId": "7"], query: [("limit", "10"), ("tags", "a")]).isEmpty)
        let wrong = try Self.check(
            "getOrder", path: ["orderId": "seven"], query: [("limit", "500"), ("tags", "a"), ("tags", "c")],
            headers: ["X-Api-Key": "k"])
        #expect(
            Self.described(wrong) == [
                "path.orderId: expected integer", "query.limit: must be ≤ 100",
                "query.tags[1]: must be one of \"a\", \"b\"",
                "header.X-Trace: missing",
            ])
        #expect(wrong.allSatisfy { $0.kind == .invalid })
        // Comma-separated is the same array as the parameter sent twice.
        #expect(
            Self.described(try Self.check("getOrder", path: ["orderId": "1"], query: [("tags", "b,c")])) == [
                "query.tags[1]: must be one of \"a\", \"b\""
            ])
    }

    /// An integer's text is decimal digits with an optional sign; a
    /// number's may add a point and an exponent, as JSON writes numbers.
    /// Neither is hex, `inf` or `nan`, which `Double(_:)` would read.
    @Test func integersAreDecimalDigitsAndNumbersAreWrittenAsJSONWritesThem() throws {
        func limit(_ text: String) throws -> [String] {
            Self.described(try Self.check("getOrder", path: ["orderId": text]))
        }
        for text in ["7", "-7", "+7", "007"] { #expect(try limit(text).isEmpty, "\(text)") }
        for text in ["0x10", "0x1p3", "1e1", "1.0", "1.", ".5", "inf", "-inf", "nan", "infinity", " 7", "7 ", "", "-"] {
            #expect(try limit(text) == ["path.orderId: expected integer"], "\(text)")
        }
        func price(_ text: String) throws -> [String] {
            Self.described(try Self.check("getOrder", path: ["orderId": "1"], query: [("price", text)]))
        }
        for text in ["1", "-1.5", "+2", "1.5e3", "1E-3", ".5", "5.", "0"] {
            #expect(try price(text).isEmpty, "\(text)")
        }
        for text in ["0x10", "0x1p3", "inf", "nan", "Infinity", "1e", "1e+", "e5", ".", "1.5.2", "1e400", "--1"] {
            #expect(try price(text) == ["query.price: expected number"], "\(text)")
        }
    }

    @Test func theBodyIsCheckedAgainstItsSchemaByLocation() throws {
        let bearer = ["Authorization": "Bearer t0k"]
        #expect(try Self.check("createOrder", headers: bearer, body: #"{"sku":"AB","quantity":2}"#).isEmpty)
        let wrong = try Self.check(
            "createOrder", headers: bearer.merging(["Content-Type": "application/json"]) { a, _ in a },
            body: #"{"sku":"ab","items":[{"price":"1.5"}]}"#)
        #expect(
            Set(Self.described(wrong)) == [
                "body: missing required property quantity", "body.sku: must match ^[A-Z]+$",
                "body.items[0].price: expected number",
            ])
        #expect(
            Self.described(try Self.check("createOrder", headers: bearer)) == ["body: missing: the operation needs one"]
        )
        #expect(Self.described(try Self.check("createOrder", headers: bearer, body: "{")) == ["body: not JSON"])
    }

    @Test func aMediaTypeTheOperationDoesNotTakeIs415() throws {
        let wrong = try Self.check(
            "createOrder", headers: ["Authorization": "Bearer t", "Content-Type": "text/plain"], body: "sku=AB")
        #expect(wrong.map(\.kind) == [.unsupportedMediaType])
        #expect(Self.described(wrong) == ["header.Content-Type: text/plain is not one of application/json"])
        #expect(ContractViolation.status(of: wrong) == 415)
    }

    @Test func aMissingCredentialIs401AndAnyRequirementWillDo() throws {
        let none = try Self.check("getOrder", path: ["orderId": "1"], headers: ["X-Trace": "t"])
        #expect(Self.described(none) == ["header.X-Api-Key: missing: an API key in header X-Api-Key"])
        #expect(ContractViolation.status(of: none) == 401)
        // Either the bearer token or the key lets a create in.
        let body = #"{"sku":"AB","quantity":1}"#
        #expect(try Self.check("createOrder", headers: ["X-Api-Key": "k"], body: body).isEmpty)
        #expect(try Self.check("createOrder", headers: ["Authorization": "Bearer x"], body: body).isEmpty)
        let neither = try Self.check("createOrder", headers: ["Authorization": "Basic eDp5"], body: body)
        #expect(neither.map(\.kind) == [.unauthorized])
        #expect(neither.first?.location == "header.Authorization")
        // `security: [{}]` lets anyone in.
        #expect(try Self.check("open", headers: [:]).isEmpty)
    }
}
