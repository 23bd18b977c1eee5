import Foundation
import SwitchboardTestSupport
import Testing

/// `x` and `p` on a request in the real screen (tmux), against the real
/// server: the curl script it writes gets the same answer, and the replay
/// shows as a new, marked line.
@Suite(.serialized) struct LogActionScreenTests {
    @Test func xWritesACurlScriptThatGetsTheSameAnswerAndPReplays() async throws {
        let (session, port) = try await TmuxSession.startScreen()
        try await session.serving { session in
            // tmux takes OSC 52 from programs only when told to.
            _ = try await session.tmux(["set-option", "-g", "set-clipboard", "on"])
            // The first endpoint, coinlist: space twice → server_error.
            try await session.send("Space", "Space")
            #expect(await session.waitForScreen { $0.contains("server_error") })
            let sent = try await Subprocess.run(
                "curl",
                [
                    "-g", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: Bearer s3cret",
                    "-H", "X-Note: it's", "http://127.0.0.1:\(port)/data/all/coinlist?x={1}&t[]=a",
                ])
            #expect(sent.stdout == "500")
            // Brackets and braces, which curl reads as globs unless told not to.
            let target = "/data/all/coinlist?x={1}&t[]=a"
            #expect(await session.waitForScreen { $0.contains(target) })

            try await session.send("Tab", "x")
            let script = session.workDirectory.appendingPathComponent("switchboard-request-1.sh")
            #expect(
                await session.waitForScreen { $0.contains("saved to ./switchboard-request-1.sh") },
                "\(session.screenForMessage())")
            let attributes = try FileManager.default.attributesOfItem(atPath: script.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            let text = try String(contentsOf: script, encoding: .utf8)
            #expect(text.contains("-H 'Authorization: Bearer s3cret'"))
            #expect(text.contains(#"-H 'X-Note: it'\''s'"#))
            let run = try await Subprocess.run("sh", [script.path])
            #expect(run.stdout.hasPrefix("HTTP/1.1 500"), "\(run.stdout)")
            // The script sent the very target copied, not a glob's expansion.
            #expect(
                await session.waitForScreen { $0.components(separatedBy: target).count == 3 },
                "\(session.screenForMessage())")
            // The clipboard's copy (here tmux's buffer) has the credential masked.
            let buffer = try await session.tmux(["show-buffer"]).stdout
            #expect(buffer.contains("Authorization: MASKED"))
            #expect(!buffer.contains("s3cret"))

            // Following, the newest line is selected: #2, the script's run.
            // `x` never overwrites a file that is there.
            let existing = session.workDirectory.appendingPathComponent("switchboard-request-2.sh")
            try Data("mine".utf8).write(to: existing)
            try await session.send("x")
            #expect(
                await session.waitForScreen { $0.contains("saved to ./switchboard-request-2-2.sh") },
                "\(session.screenForMessage())")
            #expect(try String(contentsOf: existing, encoding: .utf8) == "mine")

            try await session.send("p")
            #expect(
                await session.waitForScreen { $0.contains("replay #2") && $0.contains("replayed #2 → 500") },
                "\(session.screenForMessage())")
            try await session.quit()
        }
    }
}

/// The mouse in a real terminal: tmux's `send-keys` cannot click, but the
/// bytes a terminal sends for a click (xterm's X10 mouse report, which the
/// pane's terminfo names) can be typed into the pane.
@Suite(.serialized) struct MouseScreenTests {
    /// `ESC [ M` then the button, column and row, each plus 32 (and the
    /// cell 1-based); a press then its release.
    static func click(x: Int, y: Int) -> [String] {
        let cell = [32 + 1 + x, 32 + 1 + y].map { String(format: "%02x", $0) }
        return ["-H", "1b", "5b", "4d", "20"] + cell + ["1b", "5b", "4d", "23"] + cell
    }

    @Test func aClickOnAModeCellCyclesItAndAClickOnARowSelectsIt() async throws {
        let (session, _) = try await TmuxSession.startScreen()
        try await session.serving { session in
            let screen = await session.screen()
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            let y = try #require(rows.firstIndex { $0.contains("/episodes/:episode") })
            let row = rows[y]
            let x = row.distance(from: row.startIndex, to: try #require(row.range(of: "success")).lowerBound)
            _ = try await session.tmux(["send-keys", "-t", "main"] + Self.click(x: x + 1, y: y))
            #expect(
                await session.waitForScreen { screen in
                    screen.split(separator: "\n").contains {
                        $0.contains("> GET    /episodes/:episode") && $0.contains("error 404")
                    }
                }, "\(session.screenForMessage())")
            // A click on the path selects without changing the mode.
            let weather = try #require(rows.firstIndex { $0.contains("/weather") })
            _ = try await session.tmux(["send-keys", "-t", "main"] + Self.click(x: 12, y: weather))
            #expect(
                await session.waitForScreen { screen in
                    screen.split(separator: "\n").contains {
                        $0.contains("> GET    /weather") && $0.contains("success")
                    }
                }, "\(session.screenForMessage())")
            try await session.quit()
        }
    }
}
