import Foundation
import SwitchboardTestSupport
import Testing

/// Every link between the README and the pages under `docs/` lands: on a
/// file of this repository (nothing outside it: a clone has nothing else),
/// and, for `page.md#anchor`, on a heading or `<a id>` of that page.
@Suite struct DocumentationLinkTests {
    struct Link: CustomTestStringConvertible {
        let file: String
        let target: String
        var testDescription: String { "\(self.file) → \(self.target)" }
    }

    static let links: [Link] = DocumentationFile.all.flatMap { file in
        Self.linkTargets(in: file).map { Link(file: file.path, target: $0) }
    }

    @Test func theDocumentationLinksItsPages() {
        let fromReadme = Set(Self.links.filter { $0.file == "README.md" }.map(\.target))
        for page in DocumentationFile.all where page.path.hasPrefix("docs/") {
            #expect(fromReadme.contains(page.path), "README.md does not link \(page.path)")
        }
    }

    @Test(arguments: Self.links)
    func linkLands(_ link: Link) throws {
        let root = RepositoryPaths.root.standardizedFileURL
        let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let page =
            parts[0].isEmpty
            ? root.appendingPathComponent(link.file)
            : root.appendingPathComponent(link.file).deletingLastPathComponent().appendingPathComponent(parts[0])
        let path = page.standardizedFileURL.path
        #expect(path.hasPrefix(root.path + "/"), "\(link.testDescription) leaves the repository")
        #expect(FileManager.default.fileExists(atPath: path), "\(link.testDescription): no such file")
        guard parts.count == 2, path.hasSuffix(".md") else { return }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(Self.anchors(in: text).contains(parts[1]), "\(link.testDescription): no such heading")
    }

    /// Relative link targets outside fenced code: `[text](target)`.
    static func linkTargets(in file: DocumentationFile) -> [String] {
        var targets: [String] = []
        var fenced = false
        for line in file.lines {
            if line.hasPrefix("```") { fenced.toggle() }
            if fenced { continue }
            var rest = Substring(line)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                let target = String(after[..<close])
                if !target.contains("://"), !target.hasPrefix("mailto:") { targets.append(target) }
                rest = after[close...]
            }
        }
        return targets
    }

    /// The anchors GitHub makes of a page's headings (lowercased; letters,
    /// digits, `-` and `_` kept; spaces to `-`), and its `<a id="…">`s.
    static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = []
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("#") {
                let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                let kept = title.lowercased().unicodeScalars.filter {
                    CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
                }
                anchors.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
            }
            var rest = Substring(line)
            while let open = rest.range(of: "<a id=\"") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: "\"") else { break }
                anchors.insert(String(after[..<close]))
                rest = after[close...]
            }
        }
        return anchors
    }
}
