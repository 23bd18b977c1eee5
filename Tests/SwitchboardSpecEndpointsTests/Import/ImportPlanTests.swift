import SwitchboardCore
import SwitchboardSpecEndpoints
import Testing

/// What a re-import does, decided without a file: which files it writes,
/// deletes and keeps, and the line it prints for each change.
@Suite struct ImportPlanTests {
    static let first = """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        paths:
          /pets/{petId}:
            get:
              operationId: getPet
              responses:
                '200': {description: ok, content: {application/json: {example: {name: Rex}}}}
                '404': {description: gone, content: {application/json: {example: {error: gone}}}}
          /pets:
            post:
              operationId: addPet
              responses: {'201': {description: made, content: {application/json: {example: {id: 1}}}}}
          /old:
            get:
              operationId: oldOne
              responses: {'200': {description: ok, content: {application/json: {example: {old: true}}}}}
        """
    /// getPet's body and error status change, addPet moves, oldOne goes, newOne comes.
    static let second = """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        paths:
          /pets/{petId}:
            get:
              operationId: getPet
              responses:
                '200': {description: ok, content: {application/json: {example: {name: Max}}}}
                '410': {description: gone, content: {application/json: {example: {error: gone}}}}
          /animals:
            post:
              operationId: addPet
              responses: {'201': {description: made, content: {application/json: {example: {id: 1}}}}}
          /new:
            get:
              operationId: newOne
              responses: {'200': {description: ok}}
        """

    static func snapshot(_ spec: String) throws -> ImportSnapshot {
        let served = try ManifestLoader.load(
            directory: "/s/api.yaml", files: .memory(["api.yaml": Array(spec.utf8)], at: "/s"), descriptions: .openAPI)
        return ImportSnapshot(served: served, description: Array(spec.utf8))
    }

    /// The folder as an import of `snapshot` left it, with `edits` made since.
    static func disk(_ snapshot: ImportSnapshot, edits: [String: String] = [:]) -> [String: String] {
        var disk = Dictionary(uniqueKeysWithValues: snapshot.files.map { ($0.path, ImportRecord.digest($0.bytes)) })
        for (path, text) in edits { disk[path] = ImportRecord.digest(Array(text.utf8)) }
        return disk
    }

    static func plan(
        _ spec: String, after earlier: String? = nil, edits: [String: String] = [:], force: Bool = false
    ) throws -> ImportPlan {
        let snapshot = try Self.snapshot(spec)
        guard let earlier else {
            return ImportPlan(snapshot: snapshot, previous: nil, disk: [:], force: force, seed: 26, folder: "out")
        }
        let before = try Self.snapshot(earlier)
        let record = ImportPlan(snapshot: before, previous: nil, disk: [:], force: false, seed: 26, folder: "out")
            .record
        return ImportPlan(
            snapshot: snapshot, previous: record, disk: Self.disk(before, edits: edits), force: force, seed: 26,
            folder: "out")
    }

    @Test func aFirstImportWritesEveryFileAndSaysSoInOneLine() throws {
        let plan = try Self.plan(Self.first)
        #expect(
            plan.writes.map(\.path) == [
                "openapi.yaml", "switchboard.yml", "bodies/getPet.json", "bodies/getPet.error.json",
                "bodies/addPet.json", "bodies/oldOne.json",
            ])
        #expect(plan.lines == [])
        #expect(plan.summary == "out: imported openapi.yaml, 3 endpoints, 4 body files")
        #expect(plan.record.files.count == 6)
        #expect(plan.record.operations.map(\.route) == ["GET /pets/:petId", "POST /pets", "GET /old"])
    }

    @Test func importingTheSameDescriptionAgainChangesNothing() throws {
        let plan = try Self.plan(Self.first, after: Self.first)
        #expect(plan.writes == [])
        #expect(plan.deletions == [])
        #expect(plan.lines == [])
        #expect(plan.summary == "out: 3 endpoints; no operation changed; 0 files written")
    }

    @Test func aChangedDescriptionIsReportedPerOperationAndUneditedFilesFollowIt() throws {
        let plan = try Self.plan(Self.second, after: Self.first)
        #expect(
            plan.lines == [
                "changed   getPet: success body (bodies/getPet.json); error status 404 → 410",
                "changed   addPet: POST /pets → POST /animals",
                "added     newOne (GET /new)",
                "removed   oldOne (GET /old)",
            ])
        #expect(plan.writes.map(\.path) == ["openapi.yaml", "switchboard.yml", "bodies/getPet.json"])
        #expect(plan.deletions == ["bodies/oldOne.json"])
        #expect(plan.conflicts == 0)
        #expect(plan.summary == "out: 3 endpoints; 1 added, 2 changed, 1 removed; 3 files written")
    }

    @Test func anEditedBodyTheDescriptionChangesIsAConflictAndKept() throws {
        let plan = try Self.plan(Self.second, after: Self.first, edits: ["bodies/getPet.json": "{\"name\": \"Mine\"}"])
        #expect(plan.conflicts == 1)
        #expect(!plan.writes.map(\.path).contains("bodies/getPet.json"))
        let theirs = try #require(plan.writes.first { $0.path == "bodies/getPet.json.imported" })
        #expect(String(decoding: theirs.bytes, as: UTF8.self).contains("Max"))
        #expect(
            plan.lines.contains(
                "conflict  bodies/getPet.json: edited here and changed by the description; yours is kept, the"
                    + " description's is in bodies/getPet.json.imported (import with --force to take it instead)"))
        // The description's version is the base of the next import, as after a merge.
        #expect(plan.record.files["bodies/getPet.json"] == ImportRecord.digest(theirs.bytes))
        #expect(plan.summary.hasSuffix(", 1 conflict"))
    }

    @Test func forceWritesTheDescriptionsVersionOverAnEdit() throws {
        let plan = try Self.plan(
            Self.second, after: Self.first, edits: ["bodies/getPet.json": "{\"name\": \"Mine\"}"], force: true)
        #expect(plan.conflicts == 0)
        #expect(plan.writes.map(\.path).contains("bodies/getPet.json"))
        #expect(plan.lines.contains("overwrote bodies/getPet.json: it was edited here (--force)"))
    }

    @Test func anEditTheDescriptionDoesNotChangeIsLeftAlone() throws {
        let plan = try Self.plan(Self.first, after: Self.first, edits: ["bodies/getPet.json": "{\"name\": \"Mine\"}"])
        #expect(plan.writes == [])
        #expect(plan.lines == [])
        #expect(plan.conflicts == 0)
    }

    @Test func aMissingFileIsWrittenAgain() throws {
        let snapshot = try Self.snapshot(Self.first)
        let record = ImportPlan(snapshot: snapshot, previous: nil, disk: [:], force: false, seed: 26, folder: "out")
            .record
        var disk = Self.disk(snapshot)
        disk["bodies/addPet.json"] = nil
        let plan = ImportPlan(snapshot: snapshot, previous: record, disk: disk, force: false, seed: 26, folder: "out")
        #expect(plan.writes.map(\.path) == ["bodies/addPet.json"])
    }

    @Test func theEditedBodyOfARemovedOperationIsKept() throws {
        let plan = try Self.plan(Self.second, after: Self.first, edits: ["bodies/oldOne.json": "{}"])
        #expect(plan.deletions == [])
        #expect(
            plan.lines.contains(
                "kept      bodies/oldOne.json: edited here, and no operation uses it now (delete it when you are done with it)"
            ))
        #expect(plan.record.files["bodies/oldOne.json"] == nil)
    }

    @Test func anEditedManifestIsAConflictAndKeepsTheBodiesItMayName() throws {
        let plan = try Self.plan(Self.second, after: Self.first, edits: ["switchboard.yml": "openapi: openapi.yaml\n"])
        #expect(plan.conflicts == 1)
        #expect(plan.writes.map(\.path).contains("switchboard.yml.imported"))
        #expect(plan.deletions == [])
        #expect(plan.lines.contains("kept      bodies/oldOne.json: your edited switchboard.yml may still name it"))
    }

    @Test func aFolderNoImportWroteIsRefusedUnlessForced() {
        let record = ImportRecord(descriptionFile: "openapi.yaml", seed: 26, files: [:], operations: [])
        #expect(
            ImportPlan.refusal(folder: "out", holdsFiles: true, record: nil, force: false)
                == "out holds files and no .switchboard-import.json, so `switchboard import` did not write it;"
                + " pass --force to import into it anyway (it replaces the files an import writes), or choose another --out"
        )
        #expect(
            ImportPlan.refusal(folder: "out", holdsFiles: true, record: .some(nil), force: false)
                == "out/.switchboard-import.json is not a record `switchboard import` can read;"
                + " pass --force to import anew (it replaces the files an import writes)")
        #expect(ImportPlan.refusal(folder: "out", holdsFiles: true, record: nil, force: true) == nil)
        #expect(ImportPlan.refusal(folder: "out", holdsFiles: false, record: nil, force: false) == nil)
        #expect(ImportPlan.refusal(folder: "out", holdsFiles: true, record: .some(record), force: false) == nil)
        #expect(ImportRecord.read(record.bytes) == record)
    }
}
