import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// Tests set up fixtures in memory (`MemoryFixtures`); they must load as
/// the same files in a folder do, problems included, or the tests prove
/// nothing about `serve`.
@Suite struct MemoryFixturesTests {
    static let manifest = """
        endpoints:
          - { id: user, method: GET, path: "/users/:id", success: { file: "users/{id}.json" } }
          - { id: list, method: GET, path: /users, success: { file: users.json } }
          - { id: page, method: GET, path: /page, success: { file: docs/page.html } }
        """
    static let files = [
        "users/1.json": #"{"id":1}"#, "users/2.json": #"{"id":2}"#, "users.json": "[]", "docs/page.html": "<p>",
    ]

    /// Each endpoint's success bodies, by file, in order.
    static func bodies(_ manifest: Manifest) -> [String] {
        manifest.endpoints.flatMap { endpoint -> [String] in
            switch endpoint.success.body {
            case .fixed(let body): ["\(endpoint.id): \(body)"]
            case .perRequestFile(_, let files): files.keys.sorted().map { "\(endpoint.id) \($0): \(files[$0]!)" }
            }
        }
    }

    @Test func aManifestAndItsFilesLoadAsTheSameFolderOnDisk() throws {
        let disk = try TemporaryFixtures(manifest: Self.manifest, textFiles: Self.files)
        let fromDisk = try ManifestLoader.load(directory: disk.path)
        let fromMemory = try MemoryFixtures(Self.manifest, textFiles: Self.files).load()
        #expect(fromMemory.endpoints.map(\.id) == ["user", "list", "page"])
        #expect(Self.bodies(fromMemory) == Self.bodies(fromDisk))
        #expect(fromMemory.reads.patterns == fromDisk.reads.patterns)
    }

    @Test func aMissingFileIsTheSameProblem() throws {
        var files = Self.files
        files["users.json"] = nil
        files["user.json"] = "[]"
        let problems = try manifestProblems(Self.manifest, files: files)
        let disk = try TemporaryFixtures(manifest: Self.manifest, textFiles: files)
        var onDisk: [String] = []
        do { _ = try ManifestLoader.load(directory: disk.path) } catch {
            onDisk = error.diagnostics.map {
                "\($0.line):\($0.column): \($0.message)" + ($0.fix.map { " — \($0)" } ?? "")
            }
        }
        #expect(problems == ["3:61: file 'users.json' does not exist — did you mean 'user.json'?"])
        #expect(problems == onDisk)
    }

    @Test func theFolderIsNamedAsTheDiskWouldName() {
        #expect(throws: ManifestError.self) { try MemoryFixtures("endpoints: [").load() }
        do { _ = try MemoryFixtures("endpoints: [").load() } catch {
            #expect(error.diagnostics.first?.file == "/fixtures/switchboard.yml")
        }
    }
}
