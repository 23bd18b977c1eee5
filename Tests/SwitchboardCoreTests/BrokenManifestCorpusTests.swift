import Foundation
import SwitchboardCore
import Testing

/// Every folder in `BrokenManifests/` is a fixtures folder with something
/// wrong, and `expected.txt` beside its manifest is exactly what `check`
/// must say about it: every problem, with its position and a fix.
/// `UPDATE_GOLDEN=1` rewrites the expectations after a deliberate change.
@Suite struct BrokenManifestCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("BrokenManifests")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter {
                FileManager.default.fileExists(atPath: root.appendingPathComponent("\($0)/switchboard.yml").path)
            }
            .sorted()
    }

    @Test func theCorpusIsThere() {
        #expect(Self.cases.count >= 20)
    }

    @Test(arguments: cases)
    func checkSaysExactlyWhatIsWrong(_ name: String) throws {
        let folder = Self.root.appendingPathComponent(name)
        var actual: String
        do {
            _ = try ManifestLoader.load(directory: folder.path, displayDirectory: name)
            actual = "(no problems)\n"
        } catch {
            actual = error.diagnostics.map(\.description).joined(separator: "\n") + "\n"
        }
        let expectedFile = folder.appendingPathComponent("expected.txt")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try actual.write(to: expectedFile, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: expectedFile, encoding: .utf8)
        #expect(actual == expected)
        #expect(!actual.contains("(no problems)"), "every manifest in the corpus is broken")
    }
}
