import SwitchboardJSON
import SwitchboardModel
import SwitchboardSpec
import SwitchboardTestSupport
import Testing

/// `check --against`'s requests, decided without the network: one per GET
/// operation with its parameters from the description's examples, the
/// user's headers, the base path; skipped where a credential is missing.
/// And the report the answers make.
@Suite struct SpecProbeTests {
    static let spec = """
        openapi: 3.0.3
        info: { title: Shop, version: "1" }
        servers: [ { url: "https://shop.example.com/v2" } ]
        components:
          securitySchemes:
            key: { type: apiKey, in: header, name: X-Key }
            token: { type: http, scheme: bearer }
            queryKey: { type: apiKey, in: query, name: key }
          parameters:
            Region: { name: region, in: query, required: true, schema: { type: string }, examples: { eu: { value: eu-west } } }
        paths:
          /items/{itemId}/parts/{part}.json:
            get:
              operationId: getPart
              parameters:
                - { name: itemId, in: path, required: true, schema: { type: integer }, example: 42 }
                - { name: part, in: path, required: true, schema: { type: string, example: a b } }
                - { $ref: '#/components/parameters/Region' }
                - { name: tags, in: query, required: true, schema: { type: array, items: { type: string } }, example: [x, y] }
                - { name: size, in: query, required: true, schema: { type: integer, minimum: 5, maximum: 5 } }
                - { name: page, in: query, schema: { type: integer }, example: 3 }
                - { name: X-Trace, in: header, required: true, schema: { type: string, enum: [on] } }
                - { name: session, in: cookie, required: true, schema: { type: string }, example: s1 }
              responses:
                '200':
                  description: ok
                  content: { application/json: { schema: { type: object } }, application/xml: {} }
                '404': { description: none, content: { application/problem+json: {} } }
            delete: { operationId: deletePart, responses: { '204': { description: gone } } }
          /secret:
            get:
              operationId: getSecret
              security: [ { key: [] }, { token: [] } ]
              responses: { '200': { description: ok } }
          /query-secret:
            get:
              operationId: getQuerySecret
              security: [ { queryKey: [] } ]
              responses: { '200': { description: ok } }
          /open#twice:
            get:
              responses: { '200': { description: ok } }
        """

    static func probe(
        _ id: String?, basePath: String = "", headers: [SpecProbe.HeaderPair] = []
    ) throws -> SpecProbe {
        let document = try SpecLoader.load(bytes: Array(Self.spec.utf8))
        let operation = try #require(document.operations.first { $0.operationID == id && $0.method == "GET" })
        return SpecProbe(operation, in: document, basePath: basePath, headers: headers, seed: 1)
    }

    static func sent(_ probe: SpecProbe) throws -> (target: String, headers: [String]) {
        guard case .send(let target, let headers) = probe.plan else {
            Issue.record("not sent: \(probe.plan)")
            return ("", [])
        }
        return (target, headers.map { "\($0.name): \($0.value)" })
    }

    @Test func parametersComeFromTheDescriptionsExamplesUnderItsBasePath() throws {
        let (target, headers) = try Self.sent(try Self.probe("getPart"))
        // itemId's own example; part's schema example, encoded; region's
        // first named example; tags' example, as the parameter repeated;
        // size generated from its schema; the optional page left out.
        #expect(target == "/v2/items/42/parts/a%20b.json?region=eu-west&tags=x&tags=y&size=5")
        #expect(
            headers == [
                "X-Trace: on", "Cookie: session=s1",
                "Accept: application/json, application/xml, application/problem+json",
            ])
    }

    @Test func aPathInTheURLIsTakenAsItIsAndHeadersGivenWin() throws {
        let probe = try Self.probe(
            "getPart", basePath: "/shop",
            headers: [
                SpecProbe.HeaderPair(name: "accept", value: "application/json"), .init(name: "X-Extra", value: "1"),
            ])
        let (target, headers) = try Self.sent(probe)
        #expect(target.hasPrefix("/shop/items/42/"))
        #expect(headers == ["X-Trace: on", "Cookie: session=s1", "accept: application/json", "X-Extra: 1"])
    }

    @Test func anOperationNeedingACredentialNotGivenIsSkippedSayingWhatToGive() throws {
        #expect(
            try Self.probe("getSecret").plan
                == .skip(
                    "needs an API key in header X-Key or Authorization: Bearer …: give it with --header 'X-Key: …'"))
        // Any one of its requirements lets it be sent (RequestCheck's rule).
        let bearer = try Self.probe("getSecret", headers: [.init(name: "Authorization", value: "Bearer t")])
        #expect(try Self.sent(bearer).target == "/v2/secret")
        #expect(
            try Self.probe("getQuerySecret").plan
                == .skip("needs an API key in query parameter key: --against sends no query credentials"))
    }

    @Test func aFragmentInAPathKeyIsNoPartOfTheRequest() throws {
        #expect(try Self.sent(try Self.probe(nil)).target == "/v2/open")
        #expect(try Self.probe(nil).name == "GET /open#twice")
    }

    /// Box describes one path twice (`/shared_items#folders`): the API
    /// answers the one request one way, which may be either's.
    @Test func anAnswerThatKeepsToAnAlikeOperationIsNoDrift() throws {
        let document = try SpecLoader.load(bytes: Array(Self.spec.utf8))
        let probe = try Self.probe("getPart")
        let other = try #require(document.operations.first { $0.operationID == "getSecret" })
        let empty: [UInt8] = []
        #expect(
            SpecProbeReport.outcome(of: probe, status: 200, header: { _ in nil }, body: empty, in: document.components)
                == .answered(
                    status: 200,
                    violations: [
                        ContractViolation(
                            location: "body", message: "missing: the 200 response has application/json, application/xml"
                        )
                    ],
                    bodyChecked: true))
        #expect(
            SpecProbeReport.outcome(
                of: probe, alike: [other], status: 200, header: { _ in nil }, body: empty, in: document.components)
                == .answered(status: 200, violations: [], bodyChecked: true))
    }

    @Test func theReportSaysOKDriftSkippedAndFailedAndFailsOnDriftOnly() throws {
        let document = try SpecLoader.load(bytes: Array(Self.spec.utf8))
        let probe = try Self.probe("getPart")
        var report = SpecProbeReport()
        let json: (String) -> String? = { $0.lowercased() == "content-type" ? "application/json" : nil }
        report.add(
            probe, request: "GET /v2/a",
            SpecProbeReport.outcome(
                of: probe, status: 200, header: json, body: Array("{}".utf8), in: document.components))
        #expect(report.passed)
        report.add(probe, request: "GET /v2/b", .skipped("needs a key"))
        #expect(report.passed, "skipping is no failure")
        report.add(
            probe, request: "GET /v2/c",
            SpecProbeReport.outcome(of: probe, status: 418, header: json, body: nil, in: document.components))
        report.add(
            probe, request: "GET /v2/d",
            SpecProbeReport.outcome(
                of: probe, status: 200, header: json, body: Array("[1]".utf8), in: document.components))
        report.add(probe, request: "GET /v2/e", .failed("connection refused"))
        #expect(!report.passed)
        #expect(
            report.lines == [
                "OK getPart: GET /v2/a → 200",
                "SKIPPED getPart: needs a key",
                "DRIFT: getPart: GET /v2/c → 418 (body too large to check)",
                "  status: 418 is not documented; it documents 200, 404",
                "DRIFT: getPart: GET /v2/d → 200",
                "  body: expected object",
                "FAILED getPart: GET /v2/e: connection refused",
            ])
        #expect(
            report.summary(against: "https://shop.example.com", notRequested: 1)
                == "https://shop.example.com: 5 GET operations: 1 OK, 2 drifted, 1 skipped, 1 failed (1 operation of other methods not requested: only GET is safe)"
        )
    }
}
