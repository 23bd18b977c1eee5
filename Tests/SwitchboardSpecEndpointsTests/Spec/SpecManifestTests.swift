import Foundation
import SwitchboardCore
import SwitchboardJSON
import SwitchboardSpecEndpoints
import SwitchboardTestSupport
import Testing

/// An OpenAPI description served as a manifest: one endpoint per operation,
/// each mode answering what the description documents.
@Suite struct SpecManifestTests {
    static let specs = RepositoryPaths.root.appendingPathComponent("Tests/Specs")

    static func load(_ relative: String, seed: UInt64 = ManifestLoader.defaultSeed) throws(ManifestError) -> Manifest {
        try ManifestLoader.load(
            directory: Self.specs.appendingPathComponent(relative).path, seed: seed, descriptions: .openAPI)
    }

    /// A description written into a temporary folder beside a manifest.
    static func folder(spec: String, manifest: String = "endpoints: []\n") throws -> TemporaryFixtures {
        try TemporaryFixtures(manifest: manifest, textFiles: ["api.yaml": spec])
    }

    static func body(_ response: ResponseDefinition) -> String {
        guard case .fixed(let body) = response.body, let bytes = body.content.heldBytes else { return "?" }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func json(_ response: ResponseDefinition) -> JSONValue? {
        JSONValue(bytes: Array(Self.body(response).utf8))
    }

    static func contentType(_ response: ResponseDefinition) -> String? {
        guard case .fixed(let body) = response.body else { return nil }
        return body.contentType
    }

    static let inline = """
        openapi: 3.1.0
        info: {title: inline, version: "1"}
        servers: [{url: "https://api.example.com/v1"}]
        paths:
          /things/{thingId}:
            get:
              operationId: getThing
              responses:
                '404':
                  description: none
                  content:
                    application/json:
                      examples:
                        gone: {value: {error: gone}}
                        other: {value: {error: other}}
                '200':
                  description: ok
                  content:
                    application/json:
                      example: {id: 7}
                      schema: {type: object, example: {id: 8}}
                '2XX':
                  description: also ok
                '503':
                  description: down
                  content:
                    application/json:
                      schema: {type: object, required: [retry], properties: {retry: {type: integer, minimum: 5}}}
                default:
                  description: anything
                  content:
                    text/plain:
                      example: never
            put:
              responses:
                '201':
                  description: made
                  content:
                    application/json:
                      schema: {type: object, example: {id: 8}}
                default:
                  description: failed
                  content:
                    text/plain:
                      example: it broke
        """

    @Test func eachModeAnswersTheResponseTheDescriptionDocuments() throws {
        let fixtures = try Self.folder(spec: Self.inline)
        let manifest = try ManifestLoader.load(
            directory: fixtures.path + "/api.yaml", displayDirectory: "api.yaml", descriptions: .openAPI)
        #expect(manifest.endpoints.map(\.id) == ["getThing", "put-things-thingid"])
        #expect(manifest.endpoints.map(\.signature) == ["GET /things/:thingId", "PUT /things/:thingId"])
        let get = manifest.endpoints[0]
        // The media type's example wins over the schema's.
        #expect(get.success.status == 200)
        #expect(Self.json(get.success) == ["id": 7])
        #expect(Self.contentType(get.success) == "application/json")
        // The first named example.
        #expect(get.error.status == 404)
        #expect(Self.json(get.error) == ["error": "gone"])
        // A 5xx before `default`; no example, so generated from the schema.
        #expect(get.serverError.status == 503)
        guard case .number(let retry) = Self.json(get.serverError)?["retry"] else {
            Issue.record("no generated retry in \(String(describing: Self.json(get.serverError)))")
            return
        }
        #expect(retry >= 5 && retry == retry.rounded(), "an integer of at least 5")
        let put = manifest.endpoints[1]
        // The schema's own example; `default` as server_error; no 4xx: ours.
        #expect(put.success.status == 201)
        #expect(Self.json(put.success) == ["id": 8])
        #expect(put.serverError.status == 500)
        #expect(Self.body(put.serverError) == "it broke")
        #expect(Self.contentType(put.serverError) == "text/plain")
        #expect(put.error.status == 400)
        #expect(Self.body(put.error) == Self.body(ResponseDefinition.fallback(for: .error)))
        #expect(manifest.basePath == "/v1")
    }

    /// An example is sent as it is written, its keys in order and compact,
    /// as a manifest's `json:` is: OpenAPIKit reads an example into a
    /// dictionary, and the body was its keys sorted, pretty-printed
    /// (`alpha`, `greeting`, `zeta` on five lines). A media type's example,
    /// a named one through `components`, a schema's own, YAML or JSON.
    @Test func anExampleIsSentWithItsKeysInTheOrderWrittenAndCompact() throws {
        let yaml = """
            openapi: 3.0.3
            info: {title: order, version: "1"}
            paths:
              /hello:
                get:
                  operationId: hello
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          example: {greeting: hi, zeta: [{b: 1, a: 2.5}], alpha: true}
                    '404':
                      description: gone
                      content:
                        application/json:
                          examples:
                            gone: {$ref: '#/components/examples/Gone'}
                    '503':
                      description: down
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Down'}
            components:
              examples:
                Gone: {value: {why: gone, code: 404}}
              schemas:
                Down: {type: object, example: {retry: 5, after: null}}
            """
        let json = """
            {"openapi": "3.1.0", "info": {"title": "order", "version": "1"}, "paths": {"/hello": {"get": {
              "operationId": "hello", "responses": {"200": {"description": "ok", "content": {"application/json": {
                "example": {"greeting": "hi", "zeta": [{"b": 1, "a": 2.5}], "alpha": true}}}}}}}}}
            """
        for (name, text) in [("api.yaml", yaml), ("api.json", json)] {
            let fixtures = try TemporaryFixtures(manifest: "endpoints: []\n", textFiles: [name: text])
            let manifest = try ManifestLoader.load(
                directory: fixtures.path + "/" + name, displayDirectory: name, descriptions: .openAPI)
            let hello = try #require(manifest.endpoints.first)
            #expect(Self.body(hello.success) == #"{"greeting":"hi","zeta":[{"b":1,"a":2.5}],"alpha":true}"#, "\(name)")
            guard name == "api.yaml" else { continue }
            #expect(Self.body(hello.error) == #"{"why":"gone","code":404}"#)
            #expect(Self.body(hello.serverError) == #"{"retry":5,"after":null}"#)
        }
    }

    @Test func aRangeIsSentAsItsHundredAndAnUndocumentedSuccessIsOurs() throws {
        let fixtures = try Self.folder(
            spec: """
                openapi: 3.1.0
                info: {title: t, version: "1"}
                paths:
                  /ranged:
                    get:
                      responses:
                        '2XX': {description: ok, content: {application/json: {example: {ranged: true}}}}
                        '4XX': {description: bad}
                  /moved: {get: {responses: {'301': {description: elsewhere}}}}
                """)
        let manifest = try ManifestLoader.load(directory: fixtures.path + "/api.yaml", descriptions: .openAPI)
        let ranged = manifest.endpoints[0]
        #expect(ranged.success.status == 200)
        #expect(Self.json(ranged.success) == ["ranged": true])
        #expect(ranged.error.status == 400)
        #expect(Self.body(ranged.error).isEmpty)
        let moved = manifest.endpoints[1]
        #expect(moved.success.status == 200)
        #expect(Self.body(moved.success) == Self.body(ResponseDefinition.fallback(for: .success)))
        #expect(moved.serverError.status == 500)
        #expect(Self.body(moved.serverError) == Self.body(ResponseDefinition.fallback(for: .serverError)))
    }

    @Test func theOAIPetstoreServesItsThreeOperations() throws {
        let manifest = try Self.load("oai-examples/v3.0-petstore.yaml")
        #expect(manifest.endpoints.map(\.id) == ["listPets", "createPets", "showPetById"])
        let create = manifest.endpoints[1]
        // `201` documents no content: an empty body.
        #expect(create.success.status == 201)
        #expect(Self.body(create.success).isEmpty)
        #expect(create.serverError.status == 500)
        #expect(Self.json(create.serverError)?["code"] != nil)
    }

    @Test func generatedBodiesAreTheSameForTheSameSeed() throws {
        let first = try Self.load("swagger-petstore/openapi.yaml", seed: 7).endpoints.map { Self.body($0.success) }
        let again = try Self.load("swagger-petstore/openapi.yaml", seed: 7).endpoints.map { Self.body($0.success) }
        #expect(first == again)
    }

    @Test func anOperationIdKeepsOnlyWhatAManifestIdMayUse() throws {
        let fixtures = try Self.folder(
            spec: """
                openapi: 3.1.0
                info: {title: t, version: "1"}
                paths:
                  /a: {get: {operationId: "list all/things v1.2", responses: {'200': {description: ok}}}}
                """)
        let manifest = try ManifestLoader.load(directory: fixtures.path + "/api.yaml", descriptions: .openAPI)
        #expect(manifest.endpoints.map(\.id) == ["list-all-things-v1.2"])
    }

    @Test func operationIdsUsedTwiceAreAProblemOnTheDescription() throws {
        let fixtures = try Self.folder(
            spec: """
                openapi: 3.1.0
                info: {title: t, version: "1"}
                paths:
                  /a: {get: {operationId: same, responses: {'200': {description: ok}}}}
                  /b: {get: {operationId: same, responses: {'200': {description: ok}}}}
                """)
        #expect(throws: ManifestError.self) {
            try ManifestLoader.load(
                directory: fixtures.path + "/api.yaml", displayDirectory: "api.yaml", descriptions: .openAPI)
        }
        do {
            _ = try ManifestLoader.load(
                directory: fixtures.path + "/api.yaml", displayDirectory: "api.yaml", descriptions: .openAPI)
        } catch {
            #expect(
                error.description.hasPrefix("api.yaml: operationId 'same' (GET /b) is used by an earlier operation"))
        }
    }

    @Test func anAliasBombInADescriptionIsRefusedBeforeItExpands() throws {
        var bomb = ["openapi: 3.0.3", "info: {title: t, version: '1'}", "x-lol:"]
        bomb.append("  x0: &a0 [" + Array(repeating: "lol", count: 10).joined(separator: ", ") + "]")
        for level in 1..<10 {
            bomb.append(
                "  x\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                    + "]")
        }
        bomb.append(
            "paths: {/lol: {get: {responses: {'200': {description: ok, content: {application/json: {example: *a9}}}}}}}"
        )
        let fixtures = try Self.folder(spec: bomb.joined(separator: "\n"))
        do {
            _ = try ManifestLoader.load(
                directory: fixtures.path + "/api.yaml", displayDirectory: "api.yaml", descriptions: .openAPI)
            Issue.record("an alias bomb was served")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics.first?.message.hasPrefix("the YAML aliases here expand to more than") == true)
            #expect(error.diagnostics.first?.file == "api.yaml")
        }
    }

    @Test func aManifestFileIsStillAskedForItsFolder() throws {
        let fixtures = try TemporaryFixtures(manifest: "endpoints: []\n")
        do {
            _ = try ManifestLoader.load(
                directory: fixtures.path + "/switchboard.yml", displayDirectory: "demo/switchboard.yml",
                descriptions: .openAPI)
            Issue.record("the manifest file was read as a description")
        } catch {
            #expect(error.description.contains("Switchboard wants the folder that holds it"))
        }
    }

    @Test func aSwaggerDocumentIsOneProblemSentence() throws {
        do {
            _ = try Self.load("oai-examples/v2.0-petstore.yaml")
            Issue.record("a Swagger 2.0 document was served")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics[0].message.contains("Swagger 2.0"))
        }
    }

    @Test func aRequestUnderTheBasePathAndOneWithoutItReachTheSameEndpoint() throws {
        let manifest = try Self.load("swagger-petstore/openapi.yaml")
        #expect(manifest.basePath == "/api/v3")
        let table = EndpointTable(endpoints: manifest.endpoints, basePath: manifest.basePath)
        func routed(_ uri: String) -> String? {
            guard
                case .matched(let index, let parameters) = table.route(
                    method: "GET", target: RequestTarget(uri: uri), header: { _ in nil })
            else { return nil }
            return manifest.endpoints[index].id + (parameters["petId"].map { " " + $0 } ?? "")
        }
        #expect(routed("/api/v3/pet/12") == "getPetById 12")
        #expect(routed("/pet/12") == "getPetById 12")
        #expect(routed("/api/v3/pet/findByStatus?status=sold") == "findPetsByStatus")
        #expect(routed("/api/v3x/pet/12") == nil)
        #expect(routed("/api/pet/12") == nil)
    }

    @Test func aFragmentInAPathKeyIsNoPartOfTheRequestPath() throws {
        let fixtures = try Self.folder(
            spec: """
                openapi: 3.1.0
                info: {title: t, version: "1"}
                paths:
                  /files/{id}#shared_link: {get: {operationId: link, responses: {'200': {description: ok}}}}
                  /files/{id}: {get: {operationId: file, responses: {'200': {description: ok}}}}
                  /schema#add: {put: {operationId: add, responses: {'201': {description: ok}}}}
                """)
        let manifest = try ManifestLoader.load(directory: fixtures.path + "/api.yaml", descriptions: .openAPI)
        #expect(manifest.endpoints.map(\.signature) == ["GET /files/:id", "GET /files/:id", "PUT /schema"])
        let table = EndpointTable(endpoints: manifest.endpoints)
        guard
            case .matched(let index, _) = table.route(
                method: "GET", target: RequestTarget(uri: "/files/3"), header: { _ in nil })
        else {
            Issue.record("GET /files/3 is not routed")
            return
        }
        #expect(manifest.endpoints[index].id == "link")
    }

    @Test func aManifestStartsFromItsDescriptionAndOverridesAndAdds() throws {
        let fixtures = try Self.folder(
            spec: Self.inline,
            manifest: """
                openapi: api.yaml
                endpoints:
                  - { id: getThing, method: GET, path: /things/:thingId, success: { json: { mine: true } } }
                  - { id: extra, method: GET, path: /extra }
                scenarios:
                  broken:
                    getThing: { mode: server_error }
                    put-things-thingid: { mode: error }
                """)
        let manifest = try ManifestLoader.load(directory: fixtures.path, descriptions: .openAPI)
        #expect(manifest.endpoints.map(\.id) == ["getThing", "put-things-thingid", "extra"])
        #expect(Self.json(manifest.endpoints[0].success) == ["mine": true])
        #expect(manifest.endpoints[1].success.status == 201)
        #expect(manifest.scenarios.map(\.name) == ["broken"])
        #expect(manifest.basePath == "/v1")
        #expect(manifest.reads.files.contains("api.yaml"))
    }

    /// An entry written in place of an operation keeps its contract while
    /// it routes the same requests, its parameters renamed or not (`switchboard
    /// import` writes every operation so); another method or path is an
    /// endpoint of its own, which the operation's checks do not fit.
    @Test func anOverrideKeepsTheContractUnlessItChangesTheRoute() throws {
        let spec = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /pets/{petId}:
                get:
                  operationId: getPet
                  parameters: [{name: petId, in: path, required: true, schema: {type: integer}}]
                  responses: {'200': {description: ok}}
                put:
                  operationId: putPet
                  responses: {'200': {description: ok}}
                delete:
                  operationId: deletePet
                  responses: {'200': {description: ok}}
            """
        let fixtures = try Self.folder(
            spec: spec,
            manifest: """
                openapi: api.yaml
                endpoints:
                  - { id: getPet, method: GET, path: /pets/:id, success: { json: { mine: true } } }
                  - { id: putPet, method: PUT, path: /animals/:petId }
                  - { id: deletePet, method: POST, path: /pets/:petId }
                """)
        let manifest = try ManifestLoader.load(directory: fixtures.path, descriptions: .openAPI)
        let renamed = try #require(manifest.endpoints.first { $0.id == "getPet" }?.contract)
        func violations(_ value: String) -> [String] {
            renamed.violations(
                target: RequestTarget(uri: "/pets/\(value)"), parameters: ["id": value], header: { _ in nil }, body: []
            ).map(\.location)
        }
        #expect(violations("7") == [])
        #expect(violations("seven") == ["path.petId"])
        #expect(manifest.endpoints.first { $0.id == "putPet" }?.contract == nil)
        #expect(manifest.endpoints.first { $0.id == "deletePet" }?.contract == nil)
    }

    @Test func aBrokenDescriptionNamedByAManifestIsReportedOnItsOwnFile() throws {
        let fixtures = try Self.folder(
            spec:
                "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      parameters: [{name: x, in: nowhere}]\n      responses: {'200': {description: ok}}\n",
            manifest: "openapi: api.yaml\n")
        do {
            _ = try ManifestLoader.load(directory: fixtures.path, displayDirectory: "fx", descriptions: .openAPI)
            Issue.record("a broken description was served")
        } catch {
            #expect(error.diagnostics.first?.file == "fx/api.yaml")
            #expect((error.diagnostics.first?.line ?? 0) >= 4)
        }
    }

    @Test func editingTheDescriptionReloadsAndABrokenEditKeepsTheLastGood() throws {
        let fixtures = try Self.folder(spec: Self.inline)
        let spec = fixtures.path + "/api.yaml"
        let panel = ControlPanel(manifest: try ManifestLoader.load(directory: spec, descriptions: .openAPI))
        let watcher = FixtureWatcher(
            directory: spec, displayDirectory: "api.yaml", panel: panel, descriptions: .openAPI)
        let time = TestTime()
        func settle() -> FixtureWatcher.Event? {
            _ = watcher.check(at: time.advance(by: .seconds(1)))
            return watcher.check(at: time.advance(by: .milliseconds(200)))
        }
        #expect(settle() == nil)
        try fixtures.write("api.yaml", Array(Self.inline.replacingOccurrences(of: "getThing", with: "fetchThing").utf8))
        #expect(settle() == .reloaded(endpoints: 2))
        #expect(panel.snapshot().manifest.endpoints.first?.id == "fetchThing")
        try fixtures.write("api.yaml", Array("openapi: 3.1.0\ninfo: [broken\n".utf8))
        guard case .failed(let problems)? = settle() else {
            Issue.record("a broken description was loaded")
            return
        }
        #expect(problems.first?.file == "api.yaml")
        #expect(panel.snapshot().manifest.endpoints.first?.id == "fetchThing")
    }
}
