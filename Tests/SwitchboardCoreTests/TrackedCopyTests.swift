import Foundation
import SwitchboardTestSupport
import Testing

/// Tests read the demo fixtures as git has them staged: what trying the
/// demo leaves in the clone (an edited manifest, new files) is not there.
@Suite struct TrackedCopyTests {
    @Test func onlyTrackedFilesWithTheirStagedContentAreCopied() async throws {
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("tracked-\(UUID().uuidString)")
        let fixtures = repository.appendingPathComponent("fixtures")
        try FileManager.default.createDirectory(
            at: fixtures.appendingPathComponent("bodies"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: repository) }
        try "endpoints: []\n".write(
            to: fixtures.appendingPathComponent("switchboard.yml"), atomically: true, encoding: .utf8)
        try "{}".write(to: fixtures.appendingPathComponent("bodies/one.json"), atomically: true, encoding: .utf8)
        for arguments in [["init", "-q"], ["add", "fixtures"]] {
            #expect(try await Subprocess.run("git", ["-C", repository.path] + arguments).status == 0)
        }
        // What `w` and `x` leave behind: an edited manifest, files of their own.
        try "endpoints: [recorded]\n".write(
            to: fixtures.appendingPathComponent("switchboard.yml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: fixtures.appendingPathComponent("recorded"), withIntermediateDirectories: true)
        try "{}".write(to: fixtures.appendingPathComponent("recorded/new.json"), atomically: true, encoding: .utf8)
        try "#!/bin/sh".write(to: fixtures.appendingPathComponent("replay.sh"), atomically: true, encoding: .utf8)

        let copy = try await onThread { TrackedCopy.of("fixtures", in: repository) }
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        #expect(copy != fixtures)
        #expect(
            try String(contentsOf: copy.appendingPathComponent("switchboard.yml"), encoding: .utf8) == "endpoints: []\n"
        )
        let files = try #require(FileManager.default.enumerator(atPath: copy.path)).compactMap { $0 as? String }
        #expect(files.sorted() == ["bodies", "bodies/one.json", "switchboard.yml"])
    }
}
