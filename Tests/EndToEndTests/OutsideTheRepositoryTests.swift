import Foundation
import SwitchboardTestSupport
import Testing

@Suite struct OutsideTheRepositoryTests {
    /// A clone has only the repository: the documentation and the scripts
    /// name nothing beside it (the bench fixtures once named
    /// `../shared/bench/peers`, a folder of the machine they were made on).
    @Test func nothingNamesAFolderBesideTheRepository() throws {
        let root = RepositoryPaths.root
        let scripts = root.appendingPathComponent("scripts")
        let files = try FileManager.default.subpathsOfDirectory(atPath: scripts.path).map { "scripts/" + $0 }
        for path in DocumentationFile.all.map(\.path) + files {
            guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else {
                continue
            }
            #expect(!text.contains("../shared"), "\(path) names ../shared, which no clone has")
        }
    }
}
