import Foundation
import SwitchboardTestSupport
import Testing

/// Issue 26's proof end to end: the real binary with its screen (tmux) on
/// swagger's Petstore with `--validate`, talked to with curl.
@Suite(.serialized) struct OpenAPIScreenTests {
    static let petstore = PublishedSpecs.folder.appendingPathComponent("swagger-petstore/openapi.yaml").path

    /// curl's answer: status, headers and body (`-i`), with `arguments` before the URL.
    func curl(_ port: Int, _ path: String, _ arguments: [String] = []) async throws -> (status: Int, body: String) {
        let result = try await Subprocess.run(
            "curl",
            ["-s", "--max-time", "20", "-w", "\n%{http_code}"] + arguments + ["http://127.0.0.1:\(port)\(path)"])
        let status = Int(result.stdout.split(separator: "\n").last ?? "") ?? 0
        let body = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().joined(
            separator: "\n")
        return (status, body)
    }

    /// The lines of the log pane (below the REQUESTS title).
    func logLines(_ screen: String) -> [Substring] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let title = lines.firstIndex(where: { $0.contains("REQUESTS") }) else { return [] }
        return Array(lines[(title + 1)...])
    }

    @Test func flipAnOperationPreferACodeAndSeeAnInvalidRequest() async throws {
        let (session, port) = try await TmuxSession.startScreen(Self.petstore, extra: ["--validate"])
        try await session.serving { session in
            #expect(await session.screen().contains("GET    /pet/:petId"))
            // getPetById asks for an API key (or OAuth's bearer): --validate
            // answers 401 without one.
            let key = ["-H", "api_key: e2e"]

            // Prism's Prefer: the documented 404, which has no body.
            let preferred = try await self.curl(port, "/api/v3/pet/7", key + ["-H", "Prefer: code=404"])
            #expect(preferred.status == 404)
            #expect(preferred.body.isEmpty, "\(preferred.body)")
            let success = try await self.curl(port, "/api/v3/pet/7", key)
            #expect(success.status == 200)
            #expect(success.body.contains(#""name""#), "\(success.body)")

            // Select GET /pet/:petId by keys and press 3 (server_error).
            var selected = false
            for _ in 0..<19 where !selected {
                try await session.send("Down")
                selected = await session.waitForScreen(timeout: 2) { $0.contains("> GET    /pet/:petId ") }
            }
            #expect(selected, "\(session.screenForMessage())")
            try await session.send("3")
            #expect(
                await session.waitForScreen {
                    $0.split(separator: "\n").contains {
                        $0.contains("> GET    /pet/:petId ") && $0.contains("server_error")
                    }
                }, "\(session.screenForMessage())")

            // The documented `default` (Unexpected error): 500, and no body, as
            // the description gives none (Switchboard's own 500 has one),
            // under the base path and without it.
            for path in ["/api/v3/pet/7", "/pet/7"] {
                let failed = try await self.curl(port, path, key)
                #expect(failed.status == 500, "\(path)")
                #expect(failed.body.isEmpty, "\(path): \(failed.body)")
            }

            // An invalid POST: addPet's `name` is a string.
            let invalid = try await self.curl(
                port, "/api/v3/pet",
                [
                    "-X", "POST", "-H", "Authorization: Bearer e2e", "-H", "Content-Type: application/json", "-d",
                    #"{"name": 5, "photoUrls": ["x"]}"#,
                ])
            #expect(invalid.status == 422)
            #expect(invalid.body.contains(#""location":"body.name""#), "\(invalid.body)")

            #expect(
                await session.waitForScreen { screen in
                    let log = self.logLines(screen)
                    return log.contains { $0.contains("/api/v3/pet/7") && $0.contains(" 404 ") }
                        && log.contains { $0.contains("/pet/7") && $0.contains(" 500 ") && $0.contains("server_error") }
                        && log.contains {
                            $0.contains("POST") && $0.contains("/api/v3/pet ") && $0.contains(" 422 ")
                                && $0.contains("INVALID body.name: expected string")
                        }
                }, "\(session.screenForMessage())")

            // Its details list the violation.
            try await session.send("Tab", "Enter")
            #expect(
                await session.waitForScreen {
                    $0.contains("endpoint addPet (POST /pet)") && $0.contains("body.name: expected string")
                }, "\(session.screenForMessage())")
            try await session.quit()
        }
    }
}
