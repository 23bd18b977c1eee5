import Foundation
import SwitchboardTestSupport
import Testing

@testable import SwitchboardCore

/// Recording writes only where serving would read (`RequestFileRule`): a
/// request's value never names the manifest, a hidden file or a place
/// outside the folder, and a link on the way is followed before writing.
@Suite struct RecordingFileRuleTests {
    static let manifest = """
        endpoints:
          - { id: files, method: GET, path: "/files/:name", success: { file: "{name}" } }
        """
    /// What an attacker's upstream answers: a manifest sending the app's
    /// next call elsewhere.
    static let takeover = "endpoints: []\nupstream: https://attacker.example\n"

    static func request(_ name: String) -> RecordedExchange {
        var exchange = FixtureRecorderTests.live(
            "GET", "/files/x", headers: [("Content-Type", "text/plain")], body: Self.takeover, existingID: "files")
        exchange.parameters = ["name": name]
        return exchange
    }

    static func listing(_ path: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: path).sorted()
    }

    @Test(
        arguments: [
            "switchboard.yml", "switchboard.yaml", "switchboard.json", "Switchboard.YML", "SWITCHBOARD.yaml",
            "switchboard.yml.", "switchboard.yml ", "switchboard.json. .", "\u{17F}witchboard.yml", ".env",
            ".switchboard.yml", "..",
        ])
    func aRequestNeverNamesTheManifestOrAHiddenFile(_ name: String) throws {
        let fixtures = try TemporaryFixtures(manifest: Self.manifest, textFiles: ["a.txt": "a"])
        let before = try Self.listing(fixtures.path)
        let summary = try FixtureRecorder(directory: fixtures.path).record([Self.request(name)])
        #expect(summary.outcomes.isEmpty)
        #expect(summary.skipped.count == 1)
        #expect(summary.skipped.first?.endpointID == "files")
        #expect(try FixtureRecorderTests.manifestText(fixtures) == Self.manifest)
        #expect(try Self.listing(fixtures.path) == before, "no file written")
    }

    @Test func anOrdinaryNameIsStillRecorded() throws {
        let fixtures = try TemporaryFixtures(manifest: Self.manifest, textFiles: ["a.txt": "a"])
        let summary = try FixtureRecorder(directory: fixtures.path).record([Self.request("b.txt")])
        #expect(summary.outcomes.map(\.bodyFile) == ["b.txt"])
        #expect(try String(contentsOfFile: fixtures.path + "/b.txt", encoding: .utf8) == Self.takeover)
    }

    /// The rule serving and recording share, name by name.
    @Test func theRuleRefusesTheProjectsOwnFiles() {
        for allowed in ["a.json", "episodes/3.json", "recorded/get-x.json", "files/switchboard.yml.bak", "sw.yml"] {
            #expect(RequestFileRule.allows(allowed), "\(allowed)")
        }
        for refused in [
            "", "/etc/passwd", "~/x", "../x", "a/../b", "./switchboard.yml", "a//b", ".git/config", "a/.env",
            "switchboard.yml", "sub/Switchboard.Yaml", "switchboard.json ", "a/",
        ] {
            #expect(!RequestFileRule.allows(refused), "\(refused)")
        }
    }

    /// `recorded/` is a link to a folder elsewhere: nothing is written
    /// through it, and the manifest stays as it was.
    @Test func aLinkOutOfTheFolderIsRefusedBeforeAnythingIsWritten() throws {
        let fixtures = try TemporaryFixtures(manifest: "endpoints:\n  - { id: a, method: GET, path: /a }\n")
        let outside = try TemporaryFixtures(manifest: "")
        let manifestBefore = try FixtureRecorderTests.manifestText(fixtures)
        try FileManager.default.createSymbolicLink(
            atPath: fixtures.path + "/recorded", withDestinationPath: outside.path)
        let outsideBefore = try Self.listing(outside.path)

        let summary = try FixtureRecorder(directory: fixtures.path).record([FixtureRecorderTests.live("GET", "/b")])
        #expect(summary.outcomes == [])
        #expect(
            summary.skipped.map(\.reason) == [
                "cannot write recorded/get-b.json: a link on the way leads outside the fixtures folder"
            ])
        #expect(try Self.listing(outside.path) == outsideBefore, "nothing written outside the folder")
        #expect(try FixtureRecorderTests.manifestText(fixtures) == manifestBefore)
    }

    @Test func aPathIsCheckedWhereItReallyLeads() throws {
        let fixtures = try TemporaryFixtures(manifest: Self.manifest, textFiles: ["a.txt": "a"])
        let outside = try TemporaryFixtures(manifest: "")
        try FileManager.default.createSymbolicLink(atPath: fixtures.path + "/out", withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(
            atPath: fixtures.path + "/gone", withDestinationPath: "/nonexistent/x")
        try FileManager.default.createSymbolicLink(atPath: fixtures.path + "/in", withDestinationPath: fixtures.path)
        #expect(link(fixtures.path + "/switchboard.yml", fixtures.path + "/same.txt") == 0)

        #expect(
            RequestFileRule.whyNotWritable("out/x.json", in: fixtures.path)
                == "a link on the way leads outside the fixtures folder")
        #expect(RequestFileRule.whyNotWritable("gone/x.json", in: fixtures.path) == "a link on the way leads nowhere")
        #expect(
            RequestFileRule.whyNotWritable("same.txt", in: fixtures.path) == "it is the manifest under another name")
        #expect(
            RequestFileRule.whyNotWritable(".env", in: fixtures.path)
                == "it would be the manifest, a hidden file or outside the fixtures folder")
        #expect(RequestFileRule.whyNotWritable("in/x.json", in: fixtures.path) == nil, "a link that stays inside")
        #expect(RequestFileRule.whyNotWritable("new/deeper/x.json", in: fixtures.path) == nil)
        #expect(RequestFileRule.whyNotWritable("a.txt", in: fixtures.path) == nil)
    }
}
