import Foundation
import SwitchboardControl
import SwitchboardCore
import SwitchboardSpecEndpoints
import SwitchboardTestSupport
import Testing

/// The folder an import writes serves what the description served: for
/// every published description, `switchboard DIR` and `switchboard SPEC`
/// make the same endpoints, each mode with the same status, Content-Type,
/// headers and bytes, each still answering to its operation's contract.
@Suite struct ImportSnapshotTests {
    /// The snapshot's files as a folder in memory, loaded as `switchboard DIR` loads one.
    static func load(_ snapshot: ImportSnapshot) throws(ManifestError) -> Manifest {
        let files = Dictionary(uniqueKeysWithValues: snapshot.files.map { ($0.path, $0.bytes) })
        return try ManifestLoader.load(
            directory: "/imported", files: .memory(files, at: "/imported"), descriptions: .openAPI)
    }

    static func served(_ relative: String) throws -> (Manifest, ImportSnapshot) {
        let path = PublishedSpecs.folder.appendingPathComponent(relative).path
        let served = try ManifestLoader.load(directory: path, descriptions: .openAPI)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return (served, ImportSnapshot(served: served, description: bytes))
    }

    /// What a client gets for a response: status, Content-Type, the other headers, the bytes.
    static func answer(_ response: ResponseDefinition) -> String {
        guard case .fixed(let body) = response.body else { return "not one fixed body" }
        let bytes: [UInt8]
        switch body.content {
        case .bytes(let held): bytes = held
        case .generated(let generated): bytes = generated.value
        case .file(let path, _): bytes = (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
        case .template: return "a template"
        }
        let type = body.contentType ?? response.headers.first { $0.name.lowercased() == "content-type" }?.value
        let others = response.headers.filter { $0.name.lowercased() != "content-type" }.map {
            "\($0.name): \($0.value)"
        }
        return "\(response.status) \(type ?? "-") \(others) \(String(decoding: bytes, as: UTF8.self))"
    }

    @Test(.ownThreads, arguments: PublishedSpecs.all.map(\.file))
    func theImportedFolderServesWhatTheDescriptionServes(_ spec: String) throws {
        let (served, snapshot) = try Self.served(spec)
        let imported = try Self.load(snapshot)
        let skipped = Set(snapshot.shadowed.map(\.id))
        #expect(imported.endpoints.map(\.id) == served.endpoints.map(\.id))
        #expect(imported.basePath == served.basePath)
        for (mine, theirs) in zip(imported.endpoints, served.endpoints) {
            #expect(mine.method == theirs.method, "\(mine.id)")
            #expect(mine.path == theirs.path, "\(mine.id)")
            #expect(
                (mine.contract as? SpecContract)?.operation.path == (theirs.contract as? SpecContract)?.operation.path,
                "\(mine.id)")
            #expect(mine.contract != nil, "\(mine.id)")
            for kind in [ResponseKind.success, .error, .serverError] {
                #expect(Self.answer(mine.response(kind)) == Self.answer(theirs.response(kind)), "\(mine.id) \(kind)")
            }
            // An entry the manifest writes has a place in it; a skipped one stays the description's.
            #expect((mine.location?.file != nil) == skipped.contains(mine.id), "\(mine.id)")
        }
    }

    @Test func eachDocumentedResponseIsAFileAndTheEntryKeepsTheOperationsRoute() throws {
        let (_, snapshot) = try Self.served("swagger-petstore/openapi.yaml")
        let manifest = String(decoding: snapshot.files[1].bytes, as: UTF8.self)
        #expect(snapshot.files.map(\.path).prefix(2) == ["openapi.yaml", "switchboard.yml"])
        #expect(manifest.contains("openapi: openapi.yaml\nendpoints:\n"))
        #expect(
            manifest.contains(
                """
                  - id: getPetById
                    method: GET
                    path: /pet/:petId
                    success: { status: 200, file: bodies/getPetById.json }
                    error: { status: 400, body: "" }
                    server_error: { status: 500, body: "" }
                """))
        #expect(snapshot.operations.first { $0.id == "getPetById" }?.route == "GET /pet/:petId")
    }

    /// Box describes some paths twice (`#fragment`): a manifest may not list
    /// two endpoints for the same requests, so the later is left to the description.
    @Test(.ownThreads) func anOperationAnEarlierOneShadowsGetsNoEntry() throws {
        let (_, snapshot) = try Self.served("box/openapi.json")
        #expect(snapshot.shadowed.count == 18)
        let plan = ImportPlan(snapshot: snapshot, previous: nil, disk: [:], force: false, seed: 26, folder: "out")
        #expect(plan.summary == "out: imported openapi.json, 296 endpoints (18 skipped), 682 body files")
        #expect(plan.lines.count { $0.hasPrefix("skipped   ") } == 18)
        for skipped in snapshot.shadowed {
            #expect(!snapshot.operations.contains { $0.id == skipped.id })
            #expect(snapshot.operations.contains { $0.id == skipped.answeredBy })
        }
    }

    @Test func aTextBodyThatAFolderWouldFillFromTheRequestIsWrittenAsItIs() throws {
        let spec = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /repos/{owner}:
                get:
                  operationId: getRepo
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          example: {url: "https://example.com/{owner}/x"}
            """
        let served = try ManifestLoader.load(
            directory: "/s/api.yaml", files: .memory(["api.yaml": Array(spec.utf8)], at: "/s"), descriptions: .openAPI)
        let snapshot = ImportSnapshot(served: served, description: Array(spec.utf8))
        #expect(snapshot.files.map(\.path).last == "bodies/getRepo.bin")
        let imported = try Self.load(snapshot)
        #expect(Self.answer(imported.endpoints[0].success) == Self.answer(served.endpoints[0].success))
    }

    /// A description's header examples are data: the import wrote
    /// `X-Item: /items/{id}` into the manifest, which then refused to
    /// start (unknown name '{id}'), and `{uuid}` would have been filled.
    /// It writes them `{ literal: … }`, and the folder sends them as the
    /// description does.
    @Test func aHeaderExampleWithBracesIsWrittenAsALiteral() throws {
        let spec = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /whoami:
                get:
                  operationId: whoami
                  responses:
                    '200':
                      description: ok
                      headers:
                        X-Item: {schema: {type: string}, example: "/items/{id}"}
                        X-Request-Id: {schema: {type: string}, example: "{uuid}"}
                        X-Plain: {schema: {type: string}, example: plain}
            """
        let served = try ManifestLoader.load(
            directory: "/s/api.yaml", files: .memory(["api.yaml": Array(spec.utf8)], at: "/s"), descriptions: .openAPI)
        let snapshot = ImportSnapshot(served: served, description: Array(spec.utf8))
        let manifest = String(
            decoding: snapshot.files.first { $0.path == "switchboard.yml" }?.bytes ?? [], as: UTF8.self)
        #expect(manifest.contains("X-Plain: plain"), "\(manifest)")
        let imported = try Self.load(snapshot)
        let headers = imported.endpoints[0].success.headers
        #expect(headers.map(\.value) == served.endpoints[0].success.headers.map(\.value))
        #expect(headers.map(\.value) == ["/items/{id}", "{uuid}", "plain"])
        #expect(imported.endpoints[0].requestValueNames == [])
    }
}

extension ImportSnapshotTests {
    /// A description of one `GET` operation per id (`/0`, `/1`…), each
    /// answering `{"n": i}`.
    static func spec(operationIDs ids: [String]) -> String {
        var lines = ["openapi: 3.1.0", "info: {title: t, version: \"1\"}", "paths:"]
        for (index, id) in ids.enumerated() {
            lines += [
                "  /\(index):", "    get:", "      operationId: '\(id)'",
                "      responses: {'200': {description: ok, content: {application/json: {example: {n: \(index)}}}}}",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The snapshot of a description of these operations, and the description served.
    static func snapshot(operationIDs ids: [String]) throws -> (ImportSnapshot, Manifest) {
        let spec = Self.spec(operationIDs: ids)
        let served = try ManifestLoader.load(
            directory: "/s/api.yaml", files: .memory(["api.yaml": Array(spec.utf8)], at: "/s"), descriptions: .openAPI)
        return (ImportSnapshot(served: served, description: Array(spec.utf8)), served)
    }

    /// Most Macs' disks take `getPet.json` and `GetPet.json` for one file.
    @Test func idsThatDifferOnlyInCaseGetTwoFiles() throws {
        let (snapshot, _) = try Self.snapshot(operationIDs: ["getPet", "GetPet"])
        #expect(snapshot.files.dropFirst(2).map(\.path) == ["bodies/getPet.json", "bodies/GetPet-2.json"])
    }

    /// An operation called `switchboard` (in any case) would write
    /// `bodies/switchboard.json`, a name the fixtures folder never reads or
    /// writes (`RequestFileRule`: a second manifest): it gets the next number.
    @Test func idsThatWouldNameTheManifestGetANumberedFile() throws {
        let (snapshot, served) = try Self.snapshot(operationIDs: ["switchboard", "Switchboard"])
        #expect(snapshot.files.dropFirst(2).map(\.path) == ["bodies/switchboard-2.json", "bodies/Switchboard-3.json"])
        let imported = try Self.load(snapshot)
        #expect(imported.endpoints.map { Self.answer($0.success) } == served.endpoints.map { Self.answer($0.success) })
    }

    /// An id that starts with `.` would name a hidden file, which the
    /// fixtures folder never reads: the import stopped half-written.
    @Test func idsThatStartWithADotNameFilesTheFolderReads() throws {
        let (snapshot, _) = try Self.snapshot(operationIDs: ["../../etc/x", ".."])
        let paths = snapshot.files.dropFirst(2).map(\.path)
        #expect(paths == ["bodies/---..-etc-x.json", "bodies/--.json"])
        #expect(!paths.contains { $0.split(separator: "/").contains { $0.hasPrefix(".") } })
    }

    /// `body: ""` is how an import writes a response documented without a
    /// body: no Content-Type goes with it, as with the description's.
    @Test func anEmptyInlineBodyIsSentWithoutAType() throws {
        let manifest = try MemoryFixtures(
            "endpoints:\n  - { id: a, method: GET, path: /a, error: { status: 404, body: \"\" } }\n", textFiles: [:]
        ).load()
        #expect(Self.answer(manifest.endpoints[0].error) == "404 - [] ")
    }
}
