import Foundation
import SwitchboardTestSupport
import Testing

/// Every shell snippet in the README runs as written: from the repository
/// root, with the built `switchboard` on PATH, under `set -euo pipefail`.
///
/// The line before a snippet may say how: `<!-- readme-test: skip: WHY -->`
/// (the two commands: CI runs `swift test` itself) or
/// `<!-- readme-test: with the demo on 8080 -->` (the walkthrough, whose
/// reader started `swift run -q switchboard` in another terminal).
@Suite struct ReadmeSnippetTests {
    struct Snippet: CustomTestStringConvertible {
        let line: Int
        let marker: String?
        let script: String
        var testDescription: String { "README.md:\(self.line)" }
    }

    static let snippets: [Snippet] = {
        let text =
            (try? String(contentsOf: RepositoryPaths.root.appendingPathComponent("README.md"), encoding: .utf8))
            ?? ""
        let lines = text.components(separatedBy: "\n")
        var snippets: [Snippet] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```sh" else {
                index += 1
                continue
            }
            let opening = index
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            let before = opening > 0 ? lines[opening - 1] : ""
            let marker = before.hasPrefix("<!-- readme-test:") ? before : nil
            snippets.append(Snippet(line: opening + 1, marker: marker, script: body.joined(separator: "\n")))
        }
        return snippets
    }()

    @Test func theReadmeHasItsShellSnippets() {
        // The CI snippet, the walkthrough and the two commands at least.
        #expect(Self.snippets.count >= 3)
        #expect(Self.snippets.contains { $0.script.contains("--url-file") })
    }

    @Test(arguments: Self.snippets)
    func snippetRunsAsWritten(_ snippet: Snippet) async throws {
        if let marker = snippet.marker, marker.contains("skip") {
            // Skipped only where the claim in the marker holds.
            #expect(snippet.script.contains("swift run -q switchboard") && snippet.script.contains("swift test"))
            return
        }
        var demo: ServeProcess?
        if let marker = snippet.marker, marker.contains("demo on 8080") {
            demo = try await onThread {
                try ServeProcess(arguments: [RepositoryPaths.fixtures.path, "--port", "8080"])
            }
        }
        // The demo stops off the test's thread, whether the script ran or not.
        let result: CommandResult
        do {
            result = try await onThread { try Self.run(snippet.script) }
        } catch {
            _ = await demo?.terminate()
            throw error
        }
        _ = await demo?.terminate()
        #expect(
            result.status == 0,
            "README.md:\(snippet.line) exited \(result.status)\n--- stdout\n\(result.stdout)\n--- stderr\n\(result.stderr)"
        )
        for expected in Self.expectations where snippet.script.contains(expected.key) {
            #expect(result.stdout.contains(expected.value), "README.md:\(snippet.line) printed:\n\(result.stdout)")
        }
    }

    /// What a reader of the snippet is told to expect, by a line it contains.
    static let expectations: [String: String] = [
        "curl -i http://127.0.0.1:8080/data/all/coinlist": "HTTP/1.1 200 OK",
        "switchboard set POST /login reset": "login: reset",
        #"curl -X PUT -d '{"mode":"error"}'"#: #""mode":"error""#,
    ]

    /// Runs a snippet in bash; background jobs it leaves are stopped after.
    static func run(_ script: String) throws -> CommandResult {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).sh")
        defer { try? FileManager.default.removeItem(at: file) }
        let wrapper = """
            set -euo pipefail
            trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
            cd '\(RepositoryPaths.root.path)'
            export PATH='\(RepositoryPaths.switchboardBinary.deletingLastPathComponent().path)':"$PATH"
            \(script)
            """
        try wrapper.write(to: file, atomically: true, encoding: .utf8)
        return try Subprocess.run("timeout", ["60", "bash", file.path])
    }
}
