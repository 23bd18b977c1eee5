import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// The core reads no description format itself (`DescriptionReader`): a
/// load given none refuses a manifest's `openapi:` line, and a description
/// file given in place of a folder, naming the place and the fix, instead
/// of serving the folder without the endpoints it describes.
@Suite struct MissingDescriptionReaderTests {
    static let fix =
        "add the SwitchboardOpenAPI product to the test target, `import SwitchboardOpenAPI` and pass "
        + "`descriptions: .openAPI` (the switchboard command reads descriptions itself)"

    @Test func anOpenAPIKeyIsRefusedAtItsLine() {
        let fixtures = MemoryFixtures(
            "endpoints:\n  - { id: a, method: GET, path: /a }\nopenapi: api.yaml\n",
            textFiles: ["api.yaml": "openapi: 3.0.3\n"])
        #expect(throws: ManifestError.self) { try fixtures.load() }
        do {
            _ = try fixtures.load()
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "/fixtures/switchboard.yml:3:10: 'openapi:' names an OpenAPI description, and this load reads "
                        + "none (SwitchboardKit leaves OpenAPIKit out) — \(Self.fix)"
                ])
        }
    }

    /// Alone it is the only problem: no "no 'endpoints:' list" beside it.
    @Test func aManifestOfOnlyADescriptionGetsOnlyThatProblem() {
        let fixtures = MemoryFixtures("openapi: api.yaml\n", textFiles: ["api.yaml": "openapi: 3.0.3\n"])
        do {
            _ = try fixtures.load()
            Issue.record("loaded a manifest whose openapi: key nothing reads")
        } catch {
            #expect(error.diagnostics.map(\.line) == [1])
            #expect(error.diagnostics.first?.fix == Self.fix)
        }
    }

    @Test func aDescriptionFileIsRefusedWithTheFix() {
        let files = FixtureFiles.memory(["api.yaml": Array("openapi: 3.0.3\n".utf8)], at: "/specs")
        do {
            _ = try ManifestLoader.load(directory: "/specs/api.yaml", displayDirectory: "api.yaml", files: files)
            Issue.record("served a description nothing reads")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "api.yaml: this file is read as an OpenAPI description, and this load reads none — "
                        + Self.fix + "; or pass the folder that holds switchboard.yml"
                ])
        }
    }
}
