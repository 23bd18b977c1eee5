import Foundation
import SwitchboardTestSupport
import Testing

/// Every shell snippet in the README and in `docs/` runs as written: from
/// the repository root, with the built `switchboard` on PATH, under
/// `set -euo pipefail`. The root is a copy of what git has staged
/// (`TrackedCopy`): a demo folder changed by trying it, or files a snippet
/// writes, touch nothing here.
///
/// The line before a snippet may say how: `<!-- readme-test: skip: WHY -->`
/// (the two commands: CI runs `swift test` itself),
/// `<!-- readme-test: with the demo on 8080 -->` (the tour, whose reader
/// started `swift run -q switchboard` in another terminal) or
/// `<!-- readme-test: in a scratch folder -->` (a snippet that makes files,
/// run in an empty folder of its own rather than the repository).
/// Serialized: the demo snippets each start a server on port 8080.
@Suite(.serialized) struct ReadmeSnippetTests {
    struct Snippet: CustomTestStringConvertible {
        let file: String
        let line: Int
        let marker: String?
        let script: String
        var testDescription: String { "\(self.file):\(self.line)" }
    }

    static let snippets: [Snippet] = DocumentationFile.all.flatMap { file in
        file.blocks("sh").map { block in
            Snippet(
                file: file.path, line: block.line,
                marker: block.before.hasPrefix("<!-- readme-test:") ? block.before : nil, script: block.body)
        }
    }

    @Test(.ownThreads) func theDocumentationHasItsShellSnippets() {
        // The two commands and the tour in the README, the CI snippet in docs/.
        let readme = Self.snippets.filter { $0.file == "README.md" }
        #expect(readme.count >= 3)
        #expect(readme.contains { $0.script.contains("swift test") })
        #expect(Self.snippets.contains { $0.file.hasPrefix("docs/") && $0.script.contains("--url-file") })
        // They run in the staged copy, not in the clone (this suite runs in a git checkout).
        #expect(Self.root.path != RepositoryPaths.root.standardizedFileURL.path)
        #expect(
            FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("fixtures/switchboard.yml").path))
    }

    @Test(arguments: Self.snippets)
    func snippetRunsAsWritten(_ snippet: Snippet) async throws {
        if let marker = snippet.marker, marker.contains("skip") {
            // Skipped only where the claim in the marker holds.
            #expect(snippet.script.contains("swift run -q switchboard") && snippet.script.contains("swift test"))
            return
        }
        let scratch = snippet.marker?.contains("scratch folder") == true ? try Self.scratchFolder() : nil
        defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
        var demo: ServeProcess?
        if let marker = snippet.marker, marker.contains("demo on 8080") {
            demo = try await onThread {
                try ServeProcess(arguments: [RepositoryPaths.fixtures.path, "--port", "8080"])
            }
        }
        // The demo stops off the test's thread, whether the script ran or not.
        let result: CommandResult
        do {
            result = try await onThread { try Self.run(snippet.script, in: scratch) }
        } catch {
            _ = await demo?.terminate()
            throw error
        }
        _ = await demo?.terminate()
        #expect(
            result.status == 0,
            "\(snippet.testDescription) exited \(result.status)\n--- stdout\n\(result.stdout)\n--- stderr\n\(result.stderr)"
        )
        for expected in Self.expectations where snippet.script.contains(expected.key) {
            #expect(result.stdout.contains(expected.value), "\(snippet.testDescription) printed:\n\(result.stdout)")
        }
    }

    /// What a reader of the snippet is told to expect, by a line it contains.
    static let expectations: [String: String] = [
        "curl -i http://127.0.0.1:8080/data/all/coinlist": "HTTP/1.1 200 OK",
        "switchboard set POST /login reset": "login: reset",
        #"curl -X PUT -d '{"mode":"error"}'"#: #""mode":"error""#,
        "switchboard set coinlist server_error": "coinlist: server_error",
        "switchboard status --url http://127.0.0.1:8080": "Switchboard at http://127.0.0.1:8080 — ",
        "switchboard reset ": "every endpoint reset",
        "-w '%{http_code}\\n' http://127.0.0.1:8080/data/all/coinlist": "500",
        "switchboard check my-api": "my-api/switchboard.yml: OK — 1 endpoint",
        "switchboard check Tests/Specs/swagger-petstore/openapi.yaml": "openapi.yaml: OK — 19 endpoints",
    ]

    /// The repository as staged, where snippets run.
    static let root = TrackedCopy.of(".", in: RepositoryPaths.root).standardizedFileURL

    /// An empty folder of its own for a snippet that makes files.
    static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs a snippet in bash, in the repository root or `folder`;
    /// background jobs it leaves are stopped after.
    static func run(_ script: String, in folder: URL? = nil) throws -> CommandResult {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).sh")
        defer { try? FileManager.default.removeItem(at: file) }
        let wrapper = """
            set -euo pipefail
            trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
            cd '\((folder ?? Self.root).path)'
            export PATH='\(RepositoryPaths.switchboardBinary.deletingLastPathComponent().path)':"$PATH"
            \(script)
            """
        try wrapper.write(to: file, atomically: true, encoding: .utf8)
        return try Subprocess.run("timeout", ["60", "bash", file.path])
    }
}
