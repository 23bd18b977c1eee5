import Foundation
import SwitchboardTestSupport
import Testing

@testable import SwitchboardCore

/// A batch (`W`, `record --all`) records what it can, names files a file
/// system takes, and leaves nothing behind for what it could not record.
@Suite struct RecordingBatchTests {
    static func exchange(id: String, path: String, contentType: String = "application/json", body: [UInt8])
        -> RecordedExchange
    {
        RecordedExchange(
            method: "GET", pattern: PathGrouping.pattern(for: RequestTarget(uri: path)), suggestedID: id,
            existingID: nil,
            answer: .live(status: 200, headers: [HeaderField(name: "Content-Type", value: contentType)], body: body))
    }

    static let manifest = """
        endpoints:
          - id: ping
            method: GET
            path: /ping
            success: { json: { ok: true } }

        """

    static func files(in folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func anIdLongerThanAFileNameIsRecordedUnderAShortenedNameAndAgainUnderTheSame() throws {
        let fixtures = try TemporaryFixtures(manifest: Self.manifest)
        let long = "get-" + String(repeating: "segment-", count: 40)
        let recorder = FixtureRecorder(directory: fixtures.path)
        let first = try recorder.record([
            Self.exchange(id: long + "a", path: "/long-a", body: Array(#"{"a":1}"#.utf8)),
            Self.exchange(id: long + "b", path: "/long-b", body: Array(#"{"b":2}"#.utf8)),
        ])
        #expect(first.skipped == [])
        let names = first.outcomes.compactMap(\.bodyFile)
        try #require(names.count == 2)
        #expect(Set(names).count == 2, "two long ids with one start name two files")
        for name in names {
            #expect((name as NSString).lastPathComponent.utf8.count <= 255)
            #expect(FileManager.default.fileExists(atPath: fixtures.path + "/" + name))
        }
        #expect(try ManifestLoader.load(directory: fixtures.path).endpoints.count == 3)
        let again = try recorder.record([
            Self.exchange(id: long + "a", path: "/long-a", body: Array(#"{"a":3}"#.utf8))
        ])
        #expect(again.outcomes.compactMap(\.bodyFile) == [names[0]])
    }

    @Test func anItemThatCannotBeWrittenIsSkippedSayingWhyAndTheRestAreRecorded() throws {
        let fixtures = try TemporaryFixtures(manifest: Self.manifest)
        let tooLarge = [UInt8](repeating: 0x41, count: RecordedBody.fileLimit + 1)
        let summary = try FixtureRecorder(directory: fixtures.path).record([
            Self.exchange(id: "get-small", path: "/small", body: Array(#"{"ok":true}"#.utf8)),
            Self.exchange(id: "get-large", path: "/large", contentType: "application/octet-stream", body: tooLarge),
        ])
        #expect(summary.outcomes.map(\.endpointID) == ["get-small"])
        #expect(summary.skipped.map(\.endpointID) == ["get-large"])
        #expect(summary.skipped.first?.reason.contains("MiB") == true)
        #expect(Self.files(in: fixtures.path) == ["recorded", "recorded/get-small.json", "switchboard.yml"])
        #expect(try ManifestLoader.load(directory: fixtures.path).endpoints.map(\.id) == ["ping", "get-small"])
    }

    @Test func undoneWritesLeaveTheFolderAsItWas() throws {
        let fixtures = try TemporaryFixtures(manifest: Self.manifest, textFiles: ["kept.json": "old"])
        let before = Self.files(in: fixtures.path)
        let writes = RecordingWrites()
        for (name, text) in [("kept.json", "new"), ("recorded/deep/new.json", "1"), ("kept.json", "newer")] {
            let path = fixtures.path + "/" + name
            writes.willWrite(path)
            try AtomicFile.write(Array(text.utf8), to: path)
        }
        writes.rollBack()
        #expect(Self.files(in: fixtures.path) == before)
        #expect(try String(contentsOfFile: fixtures.path + "/kept.json", encoding: .utf8) == "old")

        writes.willWrite(fixtures.path + "/kept.json")
        try AtomicFile.write(Array("kept".utf8), to: fixtures.path + "/kept.json")
        writes.keep()
        #expect(Self.files(in: fixtures.path) == before, "no old copy is left once the batch is written")
        #expect(try String(contentsOfFile: fixtures.path + "/kept.json", encoding: .utf8) == "kept")
    }
}
