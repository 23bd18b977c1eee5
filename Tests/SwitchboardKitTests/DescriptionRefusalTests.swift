import Foundation
import SwitchboardKit
import Testing

/// SwitchboardKit links no OpenAPI reader: a fixtures folder whose manifest
/// starts from a description (`openapi:`) is refused at the line that
/// names it, saying which product to add and what to pass, rather than
/// served without the endpoints it describes.
@Suite struct DescriptionRefusalTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("described-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let manifest = "endpoints:\n  - { id: health, method: GET, path: /health }\nopenapi: api.yaml\n"
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("switchboard.yml"))
        try Data("openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths: {}\n".utf8)
            .write(to: folder.appendingPathComponent("api.yaml"))
        return folder
    }

    static let fix =
        "add the SwitchboardOpenAPI product to the test target, `import SwitchboardOpenAPI` and pass "
        + "`descriptions: .openAPI` (the switchboard command reads descriptions itself)"

    @Test func aManifestWithOpenAPIIsRefusedWithTheFix() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let board = try await Switchboard.start(fixtures: folder)
            await board.stop()
            Issue.record("served a manifest whose openapi: key nothing reads")
        } catch {
            let file = folder.appendingPathComponent("switchboard.yml").path
            #expect(
                "\(error)"
                    == "\(file):3:10: 'openapi:' names an OpenAPI description, and this load reads none "
                    + "(SwitchboardKit leaves OpenAPIKit out) — \(Self.fix)")
        }
    }

    @Test func inProcessToo() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        await #expect {
            _ = try await Switchboard.inProcess(fixtures: folder)
        } throws: { error in
            "\(error)".contains("switchboard.yml:3:10: 'openapi:' names an OpenAPI description")
                && "\(error)".contains(Self.fix)
        }
    }
}
