import Foundation
import SwitchboardTestSupport
import Testing

/// Issue 37, item 6: a description or a manifest is text someone else
/// wrote, and a terminal acts on the control characters it may hold
/// (`ESC ] 0 ; … BEL` sets the window title, OSC 52 writes the clipboard):
/// every message that quotes one prints them escaped, as the screen does.
@Suite struct EscapedMessagesTests {
    let binary = RepositoryPaths.switchboardBinary.path
    static let title = "\u{1B}]0;owned\u{07}"

    /// No ESC, BEL or other C0 control but the line ends.
    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }
    }

    @Test func checkQuotesAManifestsFileNamesEscaped() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - { method: GET, path: /a, success: { file: "\\e]0;owned\\a.json" } }
                """)
        let result = try await Subprocess.run(self.binary, ["check", fixtures.path])
        #expect(result.status == 1)
        #expect(!Self.hasRawControl(result.stdout + result.stderr), "\(result.stdout)")
        #expect(result.stdout.contains(#"\x1B]0;owned\x07.json"#), "\(result.stdout)")
        // The same refusal at start, on stderr.
        let serve = try await Subprocess.run(self.binary, ["serve", fixtures.path, "--port", "0"])
        #expect(serve.status == 1)
        #expect(!Self.hasRawControl(serve.stdout + serve.stderr), "\(serve.stderr)")
        #expect(serve.stderr.contains(#"\x1B]0;owned\x07.json"#), "\(serve.stderr)")
    }

    @Test func checkQuotesADescriptionsNamesEscaped() async throws {
        // A reference to nothing, named with OSC 52, in a description whose
        // own file name sets the title.
        let fixtures = try TemporaryFixtures(manifest: "endpoints: []\n")
        let name = "api\(Self.title).yaml"
        try fixtures.write(
            name,
            Array(
                """
                openapi: 3.0.3
                info: { title: t, version: "1" }
                paths:
                  /a:
                    get:
                      responses:
                        '200': { $ref: "#/components/responses/\\e]52;c;cm0gLXJmIH4=\\a" }
                """.utf8))
        let result = try await Subprocess.run(self.binary, ["check", fixtures.url.appendingPathComponent(name).path])
        #expect(!Self.hasRawControl(result.stdout + result.stderr), "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains(#"api\x1B]0;owned\x07.yaml"#), "\(result.stdout)")
    }

    @Test func servesBannerQuotesADescriptionsBasePathEscaped() async throws {
        let fixtures = try TemporaryFixtures(manifest: "openapi: api.yaml\n")
        try fixtures.write(
            "api.yaml",
            Array(
                """
                openapi: 3.0.3
                info: { title: t, version: "1" }
                servers: [ { url: "/v1\\e]52;c;cm0gLXJmIH4=\\a" } ]
                paths:
                  /a: { get: { responses: { '200': { description: ok } } } }
                """.utf8))
        let banner = try await onThread {
            let serve = try ServeProcess(arguments: [fixtures.path, "--port", "0"])
            defer { serve.stop() }
            return serve.bannerLine
        }
        #expect(!Self.hasRawControl(banner), "\(banner)")
        #expect(banner.contains(#"(and under /v1\x1B]52;c;cm0gLXJmIH4=\x07)"#), "\(banner)")
    }
}
