import Foundation
import SwitchboardTestSupport
import Testing

/// The screen under hostile input, edits on disk, and quitting mid-request.
@Suite(.serialized) struct RobustScreenTests {
    @Test func escapeSequencesFromTheNetworkCannotTouchTheTerminal() async throws {
        let (session, port) = try await TmuxSession.startScreen()
        let title = try await session.tmux(["display-message", "-p", "-t", "main", "#{pane_title}"]).stdout
        let hostile: [String] = [
            "GET /\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}[31m HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /%1B%5D0%3BPWNED%07%1B%5B2J HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /ok HTTP/1.1\r\nHost: x\r\nX-Evil: \u{1B}]2;PWNED\u{07}\r\n\r\n",
        ]
        for request in hostile { _ = try await RawHTTP.exchange(port: port, bytes: Array(request.utf8), timeout: 2) }
        _ = try await RawHTTP.exchange(
            port: port, bytes: Array("GET /\u{FF}\u{FE}bad HTTP/1.1\r\nHost: x\r\n\r\n".utf8), timeout: 2)
        #expect(
            await session.waitForScreen { screen in
                screen.contains("%1B%5D0%3BPWNED") && screen.components(separatedBy: "REJECTED").count >= 3
            }, "\(session.screenForMessage())")
        let screen = await session.screen()
        #expect(screen.contains("ENDPOINTS") && screen.contains("REQUESTS"))
        #expect(!screen.contains("\u{1B}"))
        #expect(try await session.tmux(["display-message", "-p", "-t", "main", "#{pane_title}"]).stdout == title)
        try await session.quit()
    }

    @Test func quittingAnswersARequestWaitingOnADelay() async throws {
        let (session, port) = try await TmuxSession.startScreen()
        try await Subprocess.run(
            "curl",
            [
                "-s", "-o", "/dev/null", "-X", "PUT", "-d", #"{"latency":"slow"}"#,
                "http://127.0.0.1:\(port)/__switchboard/endpoints/coinlist",
            ])
        async let delayed = onThread { try CurlTiming.get(URL(string: "http://127.0.0.1:\(port)/data/all/coinlist")!) }
        #expect(
            await waitUntil(every: .milliseconds(50)) {
                (try? await Subprocess.run("ss", ["-Htn", "state", "established", "( sport = :\(port) )"]).stdout
                    .isEmpty) == false
            })
        try await session.send("q")
        let answer = try await delayed
        #expect(answer.status == 200)
        #expect(answer.total < 1.9, "the 2 s delay should be cut short, took \(answer.total) s")
        await session.expectExit(0)
    }

    @Test func editsOnDiskShowUpAndABrokenEditSaysSo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-reload-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: RepositoryPaths.fixtures, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("switchboard.yml")
        let original = try String(contentsOf: manifest, encoding: .utf8)
        let (session, port) = try await TmuxSession.startScreen(folder.path)

        let added = original.replacingOccurrences(
            of: "  - id: kitten",
            with: "  - id: hello\n    method: GET\n    path: /hello\n    success: { body: hi }\n\n  - id: kitten")
        try added.write(to: manifest, atomically: true, encoding: .utf8)
        #expect(
            await session.waitForScreen(timeout: 5) { $0.contains("14 endpoints") && $0.contains("/hello") },
            "\(session.screenForMessage())")
        #expect(try await CurlTiming.get(URL(string: "http://127.0.0.1:\(port)/hello")!).status == 200)

        try (added + "\n  - { method: GTE, path: /broken }\n").write(to: manifest, atomically: true, encoding: .utf8)
        #expect(
            await session.waitForScreen(timeout: 5) { $0.contains("reload failed") }, "\(session.screenForMessage())")
        #expect(try await CurlTiming.get(URL(string: "http://127.0.0.1:\(port)/hello")!).status == 200)

        try original.write(to: manifest, atomically: true, encoding: .utf8)
        #expect(
            await session.waitForScreen(timeout: 5) { !$0.contains("reload failed") && $0.contains("13 endpoints") },
            "\(session.screenForMessage())")
        try await session.quit()
    }

    @Test func aDumbTerminalIsToldToUseServe() async throws {
        let session = try await TmuxSession.start(
            switchboard: [RepositoryPaths.fixtures.path, "--port", "0"], environment: ["TERM": "dumb"])
        await session.expectExit(1)
        let text = await session.screen().replacingOccurrences(of: "\n", with: "")
        #expect(text.contains("TERM is 'dumb'"))
        #expect(text.contains("switchboard serve"))
    }

    @Test func aResizeStormLeavesAWorkingScreen() async throws {
        let (session, port) = try await TmuxSession.startScreen()
        for step in 0..<40 {
            let width = 40 + (step * 37) % 120
            let height = 10 + (step * 13) % 40
            try await session.tmux(["resize-window", "-t", "main", "-x", String(width), "-y", String(height)])
        }
        try await session.tmux(["resize-window", "-t", "main", "-x", "100", "-y", "30"])
        #expect(try await CurlTiming.get(URL(string: "http://127.0.0.1:\(port)/data/all/coinlist")!).status == 200)
        #expect(
            await session.waitForScreen {
                $0.contains("/images/kitten.jpg") && $0.contains("q quit") && $0.contains(" 200 ")
            }
        )
        try await session.quit()
    }
}
