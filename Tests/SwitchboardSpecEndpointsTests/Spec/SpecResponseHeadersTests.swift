import Foundation
import SwitchboardControl
import SwitchboardSpec
import SwitchboardSpecEndpoints
import SwitchboardTestSupport
import Testing

@testable import SwitchboardCore

/// The headers a response documents are sent with the answer a mode (or
/// `Prefer`) chooses: each with its example, else a value made from its
/// schema, the same for the same seed.
@Suite struct SpecResponseHeadersTests {
    static func value(_ name: String, in response: ResponseDefinition) -> String? {
        response.headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    static let inline = """
        openapi: 3.1.0
        info: {title: headers, version: "1"}
        components:
          headers:
            Next: {schema: {type: string}, examples: {first: {value: page-2}}}
        paths:
          /things:
            get:
              operationId: listThings
              responses:
                '200':
                  description: ok
                  headers:
                    X-Rate-Limit: {schema: {type: integer}, example: 100}
                    X-Tags: {schema: {type: array, items: {type: string}}, example: [red, blue]}
                    X-Next: {$ref: '#/components/headers/Next'}
                    X-Plain: {content: {text/plain: {}}}
                    Content-Length: {schema: {type: integer}, example: 1}
                    Transfer-Encoding: {schema: {type: string}, example: chunked}
                  content:
                    application/json: {example: [1]}
                '404':
                  description: none
                  headers:
                    X-Reason: {schema: {type: string, enum: [gone]}}
                '503':
                  description: down
                  headers:
                    Retry-After: {required: true, schema: {type: integer, minimum: 30, maximum: 60}}
        """

    @Test(.ownThreads) func eachDocumentedHeaderIsSentWithItsExampleElseAValueFromItsSchema() throws {
        let fixtures = try TemporaryFixtures(manifest: "openapi: api.yaml\n", textFiles: ["api.yaml": Self.inline])
        let endpoint = try #require(
            try ManifestLoader.load(directory: fixtures.path, descriptions: .openAPI).endpoints.first)
        #expect(endpoint.success.headers.map(\.name) == ["X-Rate-Limit", "X-Tags", "X-Next", "X-Plain"])
        #expect(Self.value("X-Rate-Limit", in: endpoint.success) == "100")
        // OpenAPI's `simple` style: an array's items joined by commas.
        #expect(Self.value("X-Tags", in: endpoint.success) == "red,blue")
        #expect(Self.value("X-Next", in: endpoint.success) == "page-2")
        #expect(Self.value("X-Plain", in: endpoint.success)?.isEmpty == false)
        // The body's framing is the server's: never a documented value.
        #expect(Self.value("Content-Length", in: endpoint.success) == nil)
        #expect(Self.value("Transfer-Encoding", in: endpoint.success) == nil)
        #expect(Self.value("X-Reason", in: endpoint.error) == "gone")
        let retry = try #require(Self.value("Retry-After", in: endpoint.serverError).flatMap { Int($0) })
        #expect((30...60).contains(retry))

        // Prism's `Prefer: code=` answers the named response with its headers.
        let contract = try #require(endpoint.contract)
        let preferred = contract.definition(preferred: SpecPreference(code: 503), kind: .serverError)
        #expect(Self.value("Retry-After", in: preferred) == String(retry))
        // From another mode, a value of that mode's seed, as its body is.
        let fromSuccess = contract.definition(preferred: SpecPreference(code: 503), kind: .success)
        #expect(Self.value("Retry-After", in: fromSuccess).flatMap { Int($0) }.map((30...60).contains) == true)
    }

    /// A description's caching headers are what the real API sends, and a
    /// success a cache keeps hides every flip until it goes stale (the trap
    /// the README warns of): `Cache-Control: max-age=3600` was served, and
    /// written by `import` into every success. The rest are kept.
    @Test func aDescriptionsCachingHeadersAreNotServed() throws {
        let spec = """
            openapi: 3.1.0
            info: {title: cache, version: "1"}
            paths:
              /things:
                get:
                  operationId: listThings
                  responses:
                    '200':
                      description: ok
                      headers:
                        Cache-Control: {schema: {type: string}, example: max-age=3600}
                        Expires: {schema: {type: string}, example: "Wed, 21 Oct 2099 07:28:00 GMT"}
                        ETag: {schema: {type: string}, example: '"v1"'}
                        Last-Modified: {schema: {type: string}, example: "Wed, 21 Oct 2015 07:28:00 GMT"}
                        X-Rate-Limit: {schema: {type: integer}, example: 100}
                      content:
                        application/json: {example: [1]}
            """
        let fixtures = try TemporaryFixtures(manifest: "openapi: api.yaml\n", textFiles: ["api.yaml": spec])
        let endpoint = try #require(
            try ManifestLoader.load(directory: fixtures.path, descriptions: .openAPI).endpoints.first)
        #expect(endpoint.success.headers.map(\.name) == ["X-Rate-Limit"])
        let snapshot = ImportSnapshot(
            served: try ManifestLoader.load(directory: fixtures.path, descriptions: .openAPI),
            description: Array(spec.utf8))
        let manifest = String(
            decoding: snapshot.files.first { $0.path == "switchboard.yml" }?.bytes ?? [], as: UTF8.self)
        #expect(!manifest.contains("max-age"), "\(manifest)")
    }

    @Test(.ownThreads) func swaggerPetstoresLoginSendsXRateLimitAndXExpiresAfter() throws {
        let path = PublishedSpecs.folder.appendingPathComponent("swagger-petstore/openapi.yaml").path
        let login = try #require(
            try ManifestLoader.load(directory: path, descriptions: .openAPI).endpoints.first { $0.id == "loginUser" })
        #expect(login.success.headers.map(\.name) == ["X-Rate-Limit", "X-Expires-After"])
        let limit = try #require(Self.value("X-Rate-Limit", in: login.success))
        #expect(Int32(limit) != nil, "int32: \(limit)")
        let expires = try #require(Self.value("X-Expires-After", in: login.success))
        #expect(ISO8601DateFormatter().date(from: expires) != nil, "date-time: \(expires)")
        // The 400 documents none.
        #expect(login.error.headers.isEmpty)

        let again = try #require(
            try ManifestLoader.load(directory: path, descriptions: .openAPI).endpoints.first { $0.id == "loginUser" })
        #expect(again.success.headers == login.success.headers, "the same seed, the same values")
    }

    /// Every answer of every published description carries each header its
    /// response documents, with a value the description's own check
    /// (`ResponseCheck`, which `live` drift and `check --against` use)
    /// finds nothing wrong with.
    @Test(.ownThreads, arguments: PublishedSpecs.all.filter { $0.operations > 0 })
    func everyPublishedAnswerKeepsToItsDocumentedHeaders(file: String, operations: Int) async throws {
        // Box takes seconds to read in a debug build: on a thread of its
        // own, not one of Swift Testing's few cooperative ones.
        let manifest = try await onThread {
            try ManifestLoader.load(
                directory: PublishedSpecs.folder.appendingPathComponent(file).path, descriptions: .openAPI)
        }
        for endpoint in manifest.endpoints {
            let contract = try #require(endpoint.contract as? SpecContract)
            for (kind, definition) in [
                (ResponseKind.success, endpoint.success), (.error, endpoint.error),
                (.serverError, endpoint.serverError),
            ] {
                guard let documented = SpecResponses.documented(kind, in: contract.operation) else { continue }
                let sent = Set(definition.headers.map { $0.name.lowercased() })
                let expected = documented.headers.map { $0.name.lowercased() }
                    .filter { !RequestCopy.connectionHeaders.contains($0) && !CacheHeaders.names.contains($0) }
                #expect(Set(expected) == sent, "\(endpoint.id) \(kind)")
                let violations = ResponseCheck.violations(
                    status: definition.status, header: { name in Self.value(name, in: definition) }, body: nil,
                    against: contract.operation, in: contract.document.components)
                #expect(violations.filter { $0.location.hasPrefix("header.") } == [], "\(endpoint.id) \(kind)")
            }
        }
    }
}
