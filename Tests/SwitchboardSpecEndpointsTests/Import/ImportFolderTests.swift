import Foundation
import SwitchboardCore
import SwitchboardSpecEndpoints
import SwitchboardTestSupport
import Testing

/// The import's writes in a real folder: what the plan says, the record
/// last, and nothing outside the folder whatever its record says.
@Suite struct ImportFolderTests {
    static func text(_ folder: TemporaryFixtures, _ name: String) -> String? {
        (try? Data(contentsOf: folder.url.appendingPathComponent(name))).map { String(decoding: $0, as: UTF8.self) }
    }

    static func run(_ folder: TemporaryFixtures, force: Bool = false) throws(ImportFolder.Failure) -> ImportPlan {
        try ImportFolder.run(
            spec: folder.path + "/api.yaml", shownSpec: "api.yaml", out: folder.path + "/out", shownOut: "out",
            seed: ManifestLoader.defaultSeed, force: force, descriptions: .openAPI)
    }

    @Test func anImportWritesTheFolderAndItsRecordAndAReimportKeepsAnEdit() throws {
        let folder = try TemporaryFixtures(manifest: "", textFiles: ["api.yaml": ImportPlanTests.first])
        let first = try Self.run(folder)
        #expect(first.summary == "out: imported openapi.yaml, 3 endpoints, 4 body files")
        #expect(Self.text(folder, "out/openapi.yaml") == ImportPlanTests.first)
        #expect(Self.text(folder, "out/bodies/getPet.json") == #"{"name":"Rex"}"#)
        let record = try #require(
            Self.text(folder, "out/.switchboard-import.json").map { ImportRecord.read(Array($0.utf8)) })
        #expect(record == first.record)
        _ = try ManifestLoader.load(directory: folder.path + "/out", descriptions: .openAPI)

        try folder.write("out/bodies/getPet.json", Array("{\"name\": \"Mine\"}".utf8))
        try folder.write("api.yaml", Array(ImportPlanTests.second.utf8))
        let second = try Self.run(folder)
        #expect(second.conflicts == 1)
        #expect(Self.text(folder, "out/bodies/getPet.json") == "{\"name\": \"Mine\"}")
        #expect(Self.text(folder, "out/bodies/getPet.json.imported") == #"{"name":"Max"}"#)
        #expect(Self.text(folder, "out/bodies/oldOne.json") == nil)
        #expect(Self.text(folder, "out/bodies/newOne.json") == nil)  // documented without a body
        _ = try ManifestLoader.load(directory: folder.path + "/out", descriptions: .openAPI)
    }

    @Test func aFolderNoImportWroteIsRefusedAndABrokenDescriptionIsCheckProblems() throws {
        let folder = try TemporaryFixtures(manifest: "", textFiles: ["api.yaml": ImportPlanTests.first, "out/x": ""])
        #expect {
            try Self.run(folder)
        } throws: { error in
            guard case .refused(let reason) = error as? ImportFolder.Failure else { return false }
            return reason.hasPrefix("out holds files and no .switchboard-import.json")
        }
        #expect(Self.text(folder, "out/switchboard.yml") == nil)

        try folder.write(
            "api.yaml",
            Array("openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {/p: {get: {responses: 5}}}\n".utf8))
        var expected: [Diagnostic] = []
        do {
            _ = try ManifestLoader.load(
                directory: folder.path + "/api.yaml", displayDirectory: "api.yaml", descriptions: .openAPI)
        } catch {
            expected = error.diagnostics
        }
        #expect(!expected.isEmpty)
        #expect {
            try Self.run(folder, force: true)
        } throws: { error in
            guard case .description(let problems) = error as? ImportFolder.Failure else { return false }
            return problems.diagnostics.map(\.description) == expected.map(\.description)
        }
    }

    /// Every file is checked against the folder's rule before one is
    /// written: a folder where a body goes refuses the import, and the
    /// manifest, the description's copy and the record are not written
    /// either (they were, and a re-import then needed --force).
    @Test func aFileTheFolderCannotHoldStopsTheImportBeforeAnythingIsWritten() throws {
        let folder = try TemporaryFixtures(
            manifest: "", textFiles: ["api.yaml": ImportPlanTests.first, "out/bodies/getPet.json/mine.txt": "mine"])
        #expect {
            try Self.run(folder, force: true)
        } throws: { error in
            guard case .refusedFile(let path, let reason) = error as? ImportFolder.Failure else { return false }
            return path == "bodies/getPet.json" && reason == "it is a folder"
        }
        for name in ["switchboard.yml", "openapi.yaml", ".switchboard-import.json", "bodies/addPet.json"] {
            #expect(Self.text(folder, "out/" + name) == nil, "\(name)")
        }
        #expect(Self.text(folder, "out/bodies/getPet.json/mine.txt") == "mine")
    }

    /// An operation called `switchboard` gets a body file the folder serves,
    /// and importing again finds nothing to do.
    @Test func anOperationCalledSwitchboardImportsWholeAndAgain() throws {
        let spec = ImportSnapshotTests.spec(operationIDs: ["switchboard"])
        let folder = try TemporaryFixtures(manifest: "", textFiles: ["api.yaml": spec])
        let first = try Self.run(folder)
        #expect(first.summary == "out: imported openapi.yaml, 1 endpoint, 1 body file")
        #expect(Self.text(folder, "out/bodies/switchboard-2.json")?.contains("\"n\"") == true)
        #expect(Self.text(folder, "out/.switchboard-import.json") != nil)
        _ = try ManifestLoader.load(directory: folder.path + "/out", descriptions: .openAPI)
        #expect(try Self.run(folder).summary == "out: 1 endpoint; no operation changed; 0 files written")
    }

    /// A record is a file in the user's folder, which may come from anyone
    /// (a cloned repository): a path in it that leads outside is never deleted.
    @Test func aRecordNamingAFileOutsideTheFolderDeletesNothingThere() throws {
        let folder = try TemporaryFixtures(manifest: "", textFiles: ["api.yaml": ImportPlanTests.first])
        var record = try Self.run(folder).record
        try folder.write("outside.txt", Array("keep me".utf8))
        record.files["../outside.txt"] = ImportRecord.digest(Array("keep me".utf8))
        try folder.write("out/.switchboard-import.json", record.bytes)
        _ = try Self.run(folder)
        #expect(Self.text(folder, "outside.txt") == "keep me")
    }
}
