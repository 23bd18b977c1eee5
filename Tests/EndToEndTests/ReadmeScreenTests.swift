import Foundation
import SwitchboardTestSupport
import Testing

/// The README's drawn screen is the renderer's: the busy 80x24 golden
/// (`Tests/SwitchboardTUITests/Golden/busy-80x24.txt`), its trailing spaces
/// and empty log rows left out. When the columns change, the golden test
/// fails first, and then this one until the README shows the new screen.
@Suite struct ReadmeScreenTests {
    @Test func theReadmeScreenIsTheRenderersAt80x24() throws {
        let root = RepositoryPaths.root
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let golden = try String(
            contentsOf: root.appendingPathComponent("Tests/SwitchboardTUITests/Golden/busy-80x24.txt"), encoding: .utf8)
        let section = try #require(readme.range(of: "## The screen\n\n```\n"))
        let end = try #require(readme.range(of: "\n```\n", range: section.upperBound..<readme.endIndex))
        let drawn = readme[section.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        let rendered = golden.split(separator: "\n").map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }.filter { !$0.isEmpty }
        #expect(drawn == rendered)
    }
}
