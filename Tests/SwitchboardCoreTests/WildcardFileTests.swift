import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// `file: "{*}"` serves the API's files, never the project's own: the
/// manifest beside them and hidden files (`.env`, `.git/…`) stay unserved.
@Suite struct WildcardFileTests {
    @Test func aWildcardServesNeitherTheManifestNorHiddenFiles() throws {
        let fixtures = MemoryFixtures(
            """
            endpoints:
              - { id: files, method: GET, path: "/files/*", success: { file: "{*}" } }
            """,
            textFiles: ["a.json": "{}", ".env": "TOKEN=secret", ".git/config": "[core]"])
        let manifest = try fixtures.load()
        guard case .perRequestFile(_, let files) = manifest.endpoints[0].success.body else {
            Issue.record("not a per-request file body")
            return
        }
        #expect(Set(files.keys) == ["a.json"])
    }
}
