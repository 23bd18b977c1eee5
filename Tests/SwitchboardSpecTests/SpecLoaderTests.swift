import Foundation
import SwitchboardJSON
import SwitchboardSpec
import SwitchboardTestSupport
import Testing
import Yams

/// Reading real, public descriptions (Tests/Specs, SOURCES.md) into
/// operations, and the problems a broken one gets.
@Suite struct SpecLoaderTests {
    static let specs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Specs")

    static func load(_ relative: String) throws -> SpecDocument {
        if relative == "box/openapi.json" { return try Self.box.get() }
        let bytes = try Data(contentsOf: Self.specs.appendingPathComponent(relative))
        return try SpecLoader.load(bytes: Array(bytes))
    }

    /// Box's 1.7 MB, read once for the tests that look at it (seconds in a
    /// debug build).
    static let box = Result {
        try SpecLoader.load(bytes: Array(Data(contentsOf: Self.specs.appendingPathComponent("box/openapi.json"))))
    }

    static func problem(_ text: String) -> SpecProblem? {
        do {
            _ = try SpecLoader.load(bytes: Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test(.ownThreads, arguments: PublishedSpecs.all)
    func everyPublishedDescriptionLoadsWithAllItsOperations(file: String, operations: Int) throws {
        #expect(try Self.load(file).operations.count == operations)
    }

    @Test func aSwaggerDocumentIsRefusedInOneSentence() throws {
        do {
            _ = try Self.load("oai-examples/v2.0-petstore.yaml")
            Issue.record("a Swagger 2.0 document was read")
        } catch let problem as SpecProblem {
            #expect(problem.message.contains("Swagger 2.0"))
            #expect(!problem.message.contains("\n"))
        }
    }

    @Test func operationsCarryTheirIdMethodPathParametersAndResponses() throws {
        let document = try Self.load("oai-examples/v3.0-petstore.yaml")
        #expect(document.version == .v3_0)
        #expect(document.basePath == "/v1")
        let list = try #require(document.operations.first)
        #expect(list.operationID == "listPets")
        #expect(list.method == "GET")
        #expect(list.path == "/pets")
        #expect(list.parameters.map(\.name) == ["limit"])
        #expect(list.parameters.first?.place == .query)
        #expect(list.responses.map(\.status) == [.code(200), .default])
        let media = try #require(list.responses.first?.media.first)
        #expect(media.type == "application/json")
        #expect(media.schema != nil)
        let show = try #require(document.operations.first { $0.operationID == "showPetById" })
        #expect(show.path == "/pets/{petId}")
        #expect(show.parameters.first?.place == .path)
        #expect(show.parameters.first?.required == true)
    }

    @Test func namedExamplesAreReadInOrderWhereThereIsNoSchema() throws {
        let document = try Self.load("oai-examples/v3.0-api-with-examples.yaml")
        let media = try #require(document.operations.first?.responses.first?.media.first)
        #expect(media.schema == nil)
        #expect(media.examples.map(\.name) == ["foo"])
        #expect(media.examples.first?.value["versions"]?[0]?["id"] == "v2.0")
    }

    @Test func referencedResponsesAndParametersAreLookedUp() throws {
        let document = try Self.load("box/openapi.json")
        let operation = try #require(document.operations.first { $0.operationID == "get_files_id" })
        #expect(operation.parameters.contains { $0.name == "file_id" && $0.place == .path })
        // Box documents its errors as `$ref`s to components/responses.
        #expect(operation.responses.contains { $0.status == .default && !$0.media.isEmpty })
    }

    @Test func aJSONDocumentIsToldFromItsContentNotItsName() throws {
        let json = #"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {}}"#
        #expect(Self.problem(json) == nil)
    }

    /// A byte-order mark (Windows editors save one) is not text: a JSON
    /// description with one reads as without, as a YAML one does, and is
    /// still told to be JSON (import names its copy by that).
    @Test func aDescriptionSavedWithAByteOrderMarkLoads() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let json =
            #"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"get": {"#
            + #""operationId": "a", "responses": {"200": {"description": "ok"}}}}}}"#
        let yaml =
            "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n"
            + "      operationId: a\n      responses: {'200': {description: ok}}\n"
        for text in [json, yaml] {
            let document = try SpecLoader.load(bytes: mark + Array(text.utf8))
            #expect(document.operations.map(\.operationID) == ["a"])
        }
        #expect(SpecLoader.isJSON(mark + Array(json.utf8)))
        #expect(!SpecLoader.isJSON(mark + Array(yaml.utf8)))
    }

    @Test func aJSONDocumentKeepsTheOrderOfItsPathsAndExamples() throws {
        let names = (0..<24).map { "p\((7 * $0) % 24)" }
        let paths = names.map { name in
            #""/\#(name)": {"get": {"operationId": "\#(name)", "responses": {"200": {"description": "ok", "content": {"application/json": {"examples": {"\#(name)z": {"value": 1}, "\#(name)a": {"value": 2}}}}}}}}"#
        }
        let json =
            #"{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"#
            + paths.joined(separator: ", ") + "}}"
        let document = try SpecLoader.load(bytes: Array(json.utf8))
        #expect(document.operations.map(\.operationID) == names)
        #expect(
            document.operations.map { $0.responses.first?.media.first?.examples.first?.name }
                == names.map { $0 + "z" })
    }

    @Test func theBasePathIsTheServerURLsPath() {
        #expect(SpecBasePath.path(of: "https://petstore3.swagger.io/api/v3") == "/api/v3")
        #expect(SpecBasePath.path(of: "/v1/") == "/v1")
        #expect(SpecBasePath.path(of: "https://api.example.com") == "")
        #expect(SpecBasePath.path(of: "https://api.example.com/") == "")
        #expect(SpecBasePath.path(of: "http://localhost:8080/v2?x=1") == "/v2")
    }

    @Test func serverVariablesTakeTheirDefaults() throws {
        let document = try Self.load("oai-examples/v3.0-uspto.yaml")
        #expect(document.basePath == "/ds-api")
    }

    @Test func aReferenceThatLeadsNowhereIsNamedWithWhatToDo() throws {
        let problem = try #require(
            Self.problem(
                """
                openapi: 3.0.3
                info: {title: t, version: "1"}
                paths:
                  /pets:
                    get:
                      responses:
                        '200':
                          $ref: '#/components/responses/Missing'
                """))
        #expect(problem.message.contains("response 200 of GET /pets"))
        #expect(problem.message.contains("#/components/responses/Missing"))
        #expect(problem.fix?.contains("components") == true)
    }

    @Test func aDocumentOpenAPIKitCannotReadNamesTheLine() throws {
        let problem = try #require(
            Self.problem(
                """
                openapi: 3.1.0
                info: {title: t, version: "1"}
                paths:
                  /pets:
                    get:
                      parameters:
                        - name: limit
                          in: nowhere
                      responses:
                        '200': {description: ok}
                """))
        #expect(problem.line >= 4)
        #expect(problem.message.hasPrefix("not a valid OpenAPI document"))
    }

    /// A JSON description is read without YAML, but its error is found on
    /// its line as a YAML one is.
    @Test func aJSONDocumentOpenAPIKitCannotReadNamesTheLine() throws {
        let problem = try #require(
            Self.problem(
                """
                {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
                 "paths": {
                  "/pets": {
                   "get": {
                    "parameters": [
                     {"name": "limit", "in": "nowhere"}],
                    "responses": {"200": {"description": "ok"}}}}}}
                """))
        #expect(problem.line == 6)
        #expect(problem.message.hasPrefix("not a valid OpenAPI document"))
    }

    /// YAML refuses a key written twice; a JSON description that repeats
    /// one gets that message, as before it was read without YAML.
    @Test func aJSONDocumentWithAKeyWrittenTwiceGetsYAMLsMessage() throws {
        let problem = try #require(
            Self.problem(
                #"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {}, "paths": {}}"#))
        #expect(problem.message == "invalid YAML")
        guard case .duplicatedKeysInMapping(let duplicates, _)? = problem.yaml else {
            Issue.record("not YAML's duplicate key: \(problem)")
            return
        }
        #expect(duplicates == ["paths"])
    }

    @Test func brokenYAMLIsHandedOnForTheManifestWording() throws {
        let problem = try #require(Self.problem("openapi: 3.1.0\ninfo: [unclosed\n"))
        #expect(problem.yaml != nil)
    }
}
