import Foundation
import SwitchboardTestSupport
import Testing

/// `switchboard check SPEC --against URL`, the real binary against a real
/// HTTP server (the Python `TestUpstream`) that breaks the description two
/// ways: a body of the wrong type and a status it does not document.
@Suite struct CheckAgainstTests {
    let binary = RepositoryPaths.switchboardBinary.path

    /// What the test upstream's routes were agreed to answer.
    static let spec = """
        openapi: 3.0.3
        info: { title: Drift, version: "1" }
        components:
          securitySchemes:
            key: { type: apiKey, in: header, name: X-Key }
            token: { type: http, scheme: bearer }
        paths:
          /json:
            get:
              operationId: listEpisodes
              responses:
                '200':
                  description: episodes
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [episodes]
                        properties:
                          episodes:
                            type: array
                            items: { type: object, properties: { id: { type: integer }, title: { type: integer } } }
          /status/{code}:
            get:
              operationId: getStatus
              parameters: [ { name: code, in: path, required: true, schema: { type: integer }, example: 418 } ]
              responses:
                '200': { description: ok, content: { application/json: { schema: { type: object } } } }
          /echo:
            get:
              operationId: echo
              security: [ { key: [] } ]
              parameters: [ { name: q, in: query, required: true, schema: { type: integer }, example: 5 } ]
              responses:
                '200':
                  description: the request as the upstream saw it
                  content:
                    application/json:
                      schema: { type: object, required: [method, query], properties: { query: { enum: [q=5] } } }
            post: { operationId: postEcho, responses: { '200': { description: ok } } }
          /connections:
            get:
              operationId: countConnections
              security: [ { token: [] } ]
              responses: { '200': { description: a count } }
        """

    @Test func aWrongTypeAndAnUndocumentedStatusAreReportedAsDrift() async throws {
        let scratch = try ScratchFolder("sb-against")
        defer { scratch.remove() }
        let spec = scratch.path("api.yaml")
        try Data(Self.spec.utf8).write(to: URL(fileURLWithPath: spec))
        try await TestUpstream.start().serving { upstream in
            let url = upstream.baseURL.absoluteString
            let result = try await Subprocess.run(
                self.binary, ["check", spec, "--against", url, "--header", "X-Key: k", "--timeout", "20"])
            #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(
                Array(lines.dropFirst()) == [
                    "DRIFT: listEpisodes: GET /json → 200",
                    "  body.episodes[0].title: expected integer",
                    "  body.episodes[1].title: expected integer",
                    "DRIFT: getStatus: GET /status/418 → 418",
                    "  status: 418 is not documented; it documents 200",
                    "OK echo: GET /echo?q=5 → 200",
                    "SKIPPED countConnections: needs Authorization: Bearer …: give it with --header 'Authorization: Bearer …'",
                    "\(url): 4 GET operations: 1 OK, 2 drifted, 1 skipped, 0 failed (1 operation of other methods not requested: only GET is safe)",
                ], "\(result.stdout)")
        }
    }

    /// Switchboard serving a published description keeps to it, as
    /// `check --against` (the rule `live` drift uses) sees it: every GET
    /// operation's answer, documented headers included, with credentials
    /// given. One server at a time, as OpenAPIServeTests does, and Box (296
    /// operations) left to that suite: a third debug binary reading it
    /// beside OpenAPIServeTests' and OpenAPIRefusalTests' starved the
    /// suite's timing-sensitive tests on two cores.
    @Test(.serialized, arguments: PublishedSpecs.all.filter { $0.operations > 0 && $0.operations < 100 })
    func switchboardServingADescriptionDoesNotDriftFromIt(file: String, operations: Int) async throws {
        let spec = PublishedSpecs.folder.appendingPathComponent(file).path
        let serve = try await ServeProcess.start(
            arguments: [spec, "--port", "0", "--quiet", "--no-reload"], startTimeout: 180)
        try await serve.serving { serve in
            let result = try await Subprocess.run(
                self.binary,
                [
                    "check", spec, "--against", "http://127.0.0.1:\(serve.port)", "-H", "Authorization: Bearer t",
                    "-H", "api_key: k",
                ])
            #expect(result.status == 0, "\(result.stdout)")
            #expect(result.stdout.contains(" 0 drifted, 0 skipped, 0 failed"), "\(result.stdout)")
        }
    }

    /// `--timeout` holds from sending to the last byte: a body that stalls
    /// after its head is no answer either. (The upstream holds the body for
    /// a minute: the words say which limit ended the request, without a
    /// wall-clock window in the test.)
    @Test func aBodyStalledPastTheTimeoutIsAFailure() async throws {
        let scratch = try ScratchFolder("sb-against")
        defer { scratch.remove() }
        let spec = scratch.path("api.yaml")
        let slow = """
            openapi: 3.0.3
            info: { title: Slow, version: "1" }
            paths:
              /slow:
                get:
                  operationId: slow
                  parameters:
                    - { name: ms, in: query, required: true, schema: { type: integer }, example: 60000 }
                    - { name: stage, in: query, required: true, schema: { type: string }, example: body }
                  responses: { '200': { description: late } }
            """
        try Data(slow.utf8).write(to: URL(fileURLWithPath: spec))
        try await TestUpstream.start().serving { upstream in
            let result = try await Subprocess.run(
                self.binary, ["check", spec, "--against", upstream.baseURL.absoluteString, "--timeout", "1"])
            #expect(result.status == 1)
            #expect(
                result.stdout.contains("FAILED slow: GET /slow?ms=60000&stage=body: no answer within 1 s"),
                "\(result.stdout)")
        }
    }

    /// A body of up to 1 MiB is kept and checked (here its Content-Type
    /// breaks the description); one byte more, and only the status and
    /// headers are: the limit `live`'s drift check keeps to.
    @Test(arguments: [(1 << 20, false), ((1 << 20) + 1, true)])
    func aBodyOver1MiBIsNotChecked(bytes: Int, tooLarge: Bool) async throws {
        let scratch = try ScratchFolder("sb-against")
        defer { scratch.remove() }
        let spec = scratch.path("api.yaml")
        let download = """
            openapi: 3.0.3
            info: { title: Large, version: "1" }
            paths:
              /download:
                get:
                  operationId: download
                  parameters: [ { name: bytes, in: query, required: true, schema: { type: integer }, example: \(bytes) } ]
                  responses:
                    '200': { description: JSON, content: { application/json: { schema: { type: object } } } }
            """
        try Data(download.utf8).write(to: URL(fileURLWithPath: spec))
        try await TestUpstream.start().serving { upstream in
            let result = try await Subprocess.run(
                self.binary, ["check", spec, "--against", upstream.baseURL.absoluteString])
            let request = "download: GET /download?bytes=\(bytes) → 200"
            if tooLarge {
                #expect(result.status == 0)
                #expect(result.stdout.contains("OK \(request) (body too large to check)"), "\(result.stdout)")
            } else {
                #expect(result.status == 1)
                #expect(
                    result.stdout.contains(
                        "DRIFT: \(request)\n  header.Content-Type: application/octet-stream is not one of application/json"
                    ),
                    "\(result.stdout)")
            }
        }
    }

    /// A gzip answer is checked decoded, as a `live` endpoint's is: the
    /// upstream's `{"compressed": true, "items": [0, …, 199]}` keeps to its
    /// items and breaks `compressed: string`.
    @Test func aGzipAnswerIsCheckedDecoded() async throws {
        let scratch = try ScratchFolder("sb-against")
        defer { scratch.remove() }
        let spec = scratch.path("api.yaml")
        let gzip = """
            openapi: 3.0.3
            info: { title: Gzip, version: "1" }
            paths:
              /gzip:
                get:
                  operationId: compressed
                  responses:
                    '200':
                      description: JSON, gzip-encoded
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [compressed, items]
                            properties:
                              compressed: { type: string }
                              items: { type: array, items: { type: integer, maximum: 199 } }
            """
        try Data(gzip.utf8).write(to: URL(fileURLWithPath: spec))
        try await TestUpstream.start().serving { upstream in
            let result = try await Subprocess.run(
                self.binary, ["check", spec, "--against", upstream.baseURL.absoluteString])
            #expect(result.status == 1)
            #expect(
                result.stdout.contains("DRIFT: compressed: GET /gzip → 200\n  body.compressed: expected string\n"),
                "\(result.stdout)")
        }
    }

    @Test func aTimeoutOutOfRangeIsRefused() async throws {
        let spec = PublishedSpecs.folder.appendingPathComponent("oai-examples/v3.0-petstore.yaml").path
        for timeout in ["0", "601"] {
            let result = try await Subprocess.run(
                self.binary, ["check", spec, "--against", "http://127.0.0.1:1", "--timeout", timeout])
            #expect(result.status == 64)
            #expect(
                result.stderr.contains("--timeout must be from 1 to 600 seconds, not \(timeout)"), "\(result.stderr)")
        }
    }

    @Test func anAPIThatIsNotThereFailsEachRequestInWords() async throws {
        let port = try RefusingPort()
        let spec = PublishedSpecs.folder.appendingPathComponent("oai-examples/v3.0-petstore.yaml").path
        let result = try await Subprocess.run(
            self.binary, ["check", spec, "--against", "http://127.0.0.1:\(port.port)/v1"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAILED listPets: GET /v1/pets"), "\(result.stdout)")
        #expect(result.stdout.contains("connection refused"), "\(result.stdout)")
    }

    @Test func aHeaderThatCannotBeSentIsRefusedInOneSentence() async throws {
        let spec = PublishedSpecs.folder.appendingPathComponent("oai-examples/v3.0-petstore.yaml").path
        let result = try await Subprocess.run(
            self.binary, ["check", spec, "--against", "http://127.0.0.1:1", "--header", "no colon"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--header 'no colon' has no ':'; write it as 'Name: value'"), "\(result.stderr)")
    }
}
