import Foundation
import SwitchboardTestSupport
import Testing

/// `switchboard import` as a user runs it: import, check, edit a body,
/// import a changed description, see the conflict, take it with `--force`.
@Suite struct ImportCommandTests {
    let binary = RepositoryPaths.switchboardBinary.path

    static let first = """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        paths:
          /pets/{petId}:
            get:
              operationId: getPet
              responses:
                '200': {description: ok, content: {application/json: {example: {name: Rex}}}}
        """

    func run(_ arguments: [String]) async throws -> CommandResult {
        try await Subprocess.run(self.binary, arguments)
    }

    @Test func importEditReimportConflictForce() async throws {
        let folder = try TemporaryFixtures(manifest: "", textFiles: ["api.yaml": Self.first])
        let spec = folder.path + "/api.yaml"
        let out = folder.path + "/out"
        let imported = try await self.run(["import", spec, "--out", out])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "\(out): imported openapi.yaml, 1 endpoint, 1 body file\n")
        let check = try await self.run(["check", out])
        #expect(check.stdout == "\(out)/switchboard.yml: OK — 1 endpoint, 0 latency profiles, 0 scenarios\n")

        try folder.write("out/bodies/getPet.json", Array("{\"name\": \"Mine\"}\n".utf8))
        try folder.write("api.yaml", Array(Self.first.replacingOccurrences(of: "Rex", with: "Max").utf8))
        let conflict = try await self.run(["import", spec, "--out", out])
        #expect(conflict.status == 1)
        #expect(
            conflict.stdout == """
                changed   getPet: success body (bodies/getPet.json)
                conflict  bodies/getPet.json: edited here and changed by the description; yours is kept, the \
                description's is in bodies/getPet.json.imported (import with --force to take it instead)
                \(out): 1 endpoint; 1 changed; 1 file written, 1 conflict

                """)
        #expect(try String(contentsOfFile: out + "/bodies/getPet.json", encoding: .utf8) == "{\"name\": \"Mine\"}\n")

        try folder.write("out/bodies/getPet.json", Array("{\"name\": \"Mine again\"}\n".utf8))
        let forced = try await self.run(["import", spec, "--out", out, "--force"])
        #expect(forced.status == 0, "\(forced.stdout)")
        #expect(forced.stdout.contains("overwrote bodies/getPet.json: it was edited here (--force)\n"))
        #expect(try String(contentsOfFile: out + "/bodies/getPet.json", encoding: .utf8).contains("Max"))

        let refused = try await self.run(["import", spec, "--out", folder.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("holds files and no .switchboard-import.json"), "\(refused.stderr)")
    }

    @Test func aBrokenDescriptionGetsCheckProblemsAndNothingIsWritten() async throws {
        let folder = try TemporaryFixtures(
            manifest: "",
            textFiles: [
                "api.yaml": "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {/p: {get: {responses: 5}}}\n"
            ])
        let spec = folder.path + "/api.yaml"
        let imported = try await self.run(["import", spec, "--out", folder.path + "/out"])
        let check = try await self.run(["check", spec])
        #expect(imported.status == 1)
        #expect(imported.stdout == check.stdout)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    }
}
