import Foundation
import SwitchboardTestSupport
import Testing

/// The drawn screen in the README's tour and in `docs/screen.md` is the
/// renderer's: the busy 80x24 golden
/// (`Tests/SwitchboardTUITests/Golden/busy-80x24.txt`), its trailing spaces
/// and empty log rows left out. Each copy is marked
/// `<!-- readme-test: the busy-80x24 golden -->`. When the columns change,
/// the golden test fails first, and then this one until the documentation
/// shows the new screen.
@Suite struct ReadmeScreenTests {
    static let marker = "<!-- readme-test: the busy-80x24 golden -->"

    @Test func everyDrawnScreenIsTheRenderersAt80x24() throws {
        let golden = try String(
            contentsOf: RepositoryPaths.root.appendingPathComponent("Tests/SwitchboardTUITests/Golden/busy-80x24.txt"),
            encoding: .utf8)
        let rendered = golden.split(separator: "\n").map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }.filter { !$0.isEmpty }
        var drawnIn: [String] = []
        for file in DocumentationFile.all {
            for block in file.blocks("") where block.before == Self.marker {
                drawnIn.append(file.path)
                let drawn = block.body.split(separator: "\n").map(String.init)
                #expect(drawn == rendered, "\(file.path):\(block.line) is not the renderer's screen")
            }
        }
        #expect(drawnIn.contains("README.md") && drawnIn.contains("docs/screen.md"), "drawn in \(drawnIn)")
    }
}
