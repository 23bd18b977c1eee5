import Foundation
import SwitchboardTestSupport

/// The repository's documentation as its readers get it: the README (the
/// front door) and the reference under `docs/`. Tests that hold the text to
/// the code read it here, so a passage moved from one file to another is
/// still found and still checked.
struct DocumentationFile: Sendable {
    /// Relative to the repository root: `README.md`, `docs/screen.md`.
    let path: String
    let text: String

    var lines: [String] { self.text.components(separatedBy: "\n") }

    static let all: [DocumentationFile] = {
        let root = RepositoryPaths.root
        let docs = root.appendingPathComponent("docs")
        let pages =
            ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return (["README.md"] + pages).compactMap { path in
            guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else {
                return nil
            }
            return DocumentationFile(path: path, text: text)
        }
    }()

    /// Every fenced block whose opening fence is exactly "```" + `language`,
    /// with the line before it (where a `<!-- readme-test: … -->` marker
    /// goes) and the 1-based line of the fence.
    func blocks(_ language: String) -> [(line: Int, before: String, body: String)] {
        let lines = self.lines
        var blocks: [(line: Int, before: String, body: String)] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```") else {
                index += 1
                continue
            }
            let opening = index
            let matches = lines[index] == "```" + language
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            index += 1
            if matches {
                blocks.append((opening + 1, opening > 0 ? lines[opening - 1] : "", body.joined(separator: "\n")))
            }
        }
        return blocks
    }
}
