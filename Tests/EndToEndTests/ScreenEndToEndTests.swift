import Foundation
import SwitchboardTestSupport
import Testing

/// The built binary in a real terminal (tmux), talked to with curl.
@Suite(.serialized) struct ScreenEndToEndTests {
    func get(_ port: Int, _ path: String, _ extra: [String] = []) throws -> CurlTiming {
        try CurlTiming.get(URL(string: "http://127.0.0.1:\(port)\(path)")!, extra: extra)
    }

    /// The lines of the log pane (below the REQUESTS title).
    func logLines(_ screen: String) -> [Substring] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let title = lines.firstIndex(where: { $0.contains("REQUESTS") }) else { return [] }
        return Array(lines[(title + 1)...])
    }

    @Test func flipAnEndpointAndWatchTheLog() throws {
        let (session, port) = try TmuxSession.startScreen()
        #expect(session.screen().contains("GET    /data/all/coinlist"))

        #expect(try self.get(port, "/data/all/coinlist").status == 200)
        #expect(
            session.waitForScreen {
                self.logLines($0).contains { $0.contains("/data/all/coinlist") && $0.contains("200") }
            })

        // The first endpoint is selected: space twice → error → server_error.
        try session.send("Space")
        #expect(session.waitForScreen { $0.contains("error 429") })
        try session.send("Space")
        #expect(session.waitForScreen { $0.contains("server_error") && !$0.contains("error 429") })

        #expect(try self.get(port, "/data/all/coinlist").status == 500)
        #expect(
            session.waitForScreen { screen in
                let log = self.logLines(screen)
                return log.contains { $0.contains("/data/all/coinlist") && $0.contains(" 200 ") }
                    && log.contains { $0.contains("/data/all/coinlist") && $0.contains(" 500 ") }
            }, "\(session.screen())")

        // The hit count, after the latency column ("-"), went up to 2; a
        // sparkline may follow it.
        #expect(
            session.waitForScreen { screen in
                screen.split(separator: "\n").contains { row in
                    let words = row.split(separator: " ")
                    guard words.contains("/data/all/coinlist"), let latency = words.firstIndex(of: "-") else {
                        return false
                    }
                    return words.dropFirst(latency + 1).first == "2"
                }
            }, "\(session.screen())")

        try session.quit()
    }

    @Test func unmatchedRequestsStandOut() throws {
        let (session, port) = try TmuxSession.startScreen()
        #expect(try self.get(port, "/data/all/coinlst").status == 404)
        #expect(session.waitForScreen { $0.contains("UNMATCHED") && $0.contains("/data/all/coinlst") })
        try session.quit()
    }

    @Test func latencyKeySlowsTheNextRequest() throws {
        let (session, port) = try TmuxSession.startScreen()
        // Down to /episodes/:episode, then `l` → the first profile (fast 100ms), twice → sluggish 500ms.
        try session.send("Down", "Down", "l", "l")
        #expect(session.waitForScreen { $0.contains("sluggish 500ms") })
        let timing = try self.get(port, "/episodes/1")
        #expect(timing.status == 200)
        #expect(timing.total >= 0.5)
        try session.quit()
    }

    @Test(arguments: [("TERM", 143), ("HUP", 129), ("INT", 130)])
    func signalsGiveTheTerminalBack(signal: String, status: Int) throws {
        let (session, _) = try TmuxSession.startScreen()
        let pid = try #require(try session.appPID())
        try Subprocess.run("kill", ["-\(signal)", String(pid)])
        session.expectExit(status)
    }

    @Test func ctrlCQuitsAndRestoresTheTerminal() throws {
        let (session, _) = try TmuxSession.startScreen()
        try session.send("C-c")
        session.expectExit(130)
    }

    @Test func helpOpensAndCloses() throws {
        let (session, _) = try TmuxSession.startScreen()
        try session.send("?")
        #expect(session.waitForScreen { $0.contains("any key closes") })
        try session.send("Escape")
        #expect(session.waitForScreen { !$0.contains("any key closes") })
        try session.quit()
    }

    @Test func worksAt40x10() throws {
        let (session, port) = try TmuxSession.startScreen(width: 40, height: 10)
        #expect(try self.get(port, "/data/all/coinlist").status == 200)
        #expect(
            session.waitForScreen { screen in
                screen.contains("q quit") && self.logLines(screen).contains { $0.contains(" 200 ") }
            }, "\(session.screen())")
        try session.quit()
    }

    @Test func followsResizesDownAndBackUp() throws {
        let (session, _) = try TmuxSession.startScreen()
        try session.send("End")
        for (width, height) in [(40, 10), (60, 14), (45, 11), (120, 40), (100, 30)] {
            try session.tmux(["resize-window", "-t", "main", "-x", String(width), "-y", String(height)])
        }
        #expect(
            session.waitForScreen { screen in
                [
                    "/data/all/coinlist", "/weather", "/episodes/:episode", "/api/getPerson", "/login",
                    "/images/kitten.jpg",
                ]
                .allSatisfy(screen.contains)
            }, "\(session.screen())")
        try session.quit()
    }

    @Test func aDigitPicksANetworkFault() throws {
        let (session, port) = try TmuxSession.startScreen()
        try session.send("4")
        #expect(session.waitForScreen { $0.contains("reset") && $0.contains("coinlist → reset") })
        let result = try Subprocess.run(
            "curl", ["-s", "-o", "/dev/null", "http://127.0.0.1:\(port)/data/all/coinlist"])
        #expect(result.status == 56)
        #expect(session.waitForScreen { self.logLines($0).contains { $0.contains("---") && $0.contains("reset") } })
        try session.quit()
    }

    @Test func aChangeThroughTheControlAPIShowsAtOnce() throws {
        let (session, port) = try TmuxSession.startScreen()
        let changed = try self.get(port, "/__switchboard/endpoints/weather", ["-X", "PUT", "-d", #"{"mode":"hang"}"#])
        #expect(changed.status == 200)
        #expect(
            session.waitForScreen(timeout: 2) {
                $0.split(separator: "\n").contains { $0.contains("/weather") && $0.contains("hang") }
            })
        #expect(try self.get(port, "/__switchboard/scenarios/outage", ["-X", "POST"]).status == 200)
        #expect(session.waitForScreen(timeout: 2) { $0.contains("scenario: outage") })
        try session.quit()
    }

    @Test func enterShowsARequestsDetailsAndEscGoesBack() throws {
        let (session, port) = try TmuxSession.startScreen()
        try Subprocess.run(
            "curl", ["-s", "-o", "/dev/null", "-H", "X-Probe: 42", "http://127.0.0.1:\(port)/episodes/2"])
        #expect(session.waitForScreen { self.logLines($0).contains { $0.contains("/episodes/2") } })
        try session.send("Tab", "Enter")
        #expect(session.waitForScreen { $0.contains("REQUEST HEADERS") && $0.contains("X-Probe: 42") })
        #expect(session.screen().contains("endpoint episode (GET /episodes/:episode)"))
        try session.send("Escape")
        #expect(session.waitForScreen { $0.contains("ENDPOINTS") && !$0.contains("REQUEST HEADERS") })
        try session.quit()
    }

    @Test func slashFiltersTheLog() throws {
        let (session, port) = try TmuxSession.startScreen()
        for path in ["/data/all/coinlist", "/nope", "/episodes/1"] {
            try Subprocess.run("curl", ["-s", "-o", "/dev/null", "http://127.0.0.1:\(port)\(path)"])
        }
        #expect(session.waitForScreen { self.logLines($0).filter { $0.contains(":") && $0.contains("ms") }.count == 3 })
        try session.send("Tab", "/")
        try session.tmux(["send-keys", "-t", "main", "-l", "unmatched"])
        try session.send("Enter")
        #expect(
            session.waitForScreen { screen in
                let lines = self.logLines(screen).filter { $0.contains(" ms ") }
                return screen.contains("filter: unmatched") && lines.count == 1 && lines[0].contains("/nope")
            }, "\(session.screen())")
        try session.quit()
    }

    @Test func logAndHARFilesAreWritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sb-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("requests.jsonl").path
        let har = directory.appendingPathComponent("session.har").path
        let (session, port) = try TmuxSession.startScreen(extra: ["--log", log, "--har", har])
        try Subprocess.run(
            "curl",
            [
                "-s", "-o", "/dev/null", "-H", "Authorization: Bearer secret",
                "http://127.0.0.1:\(port)/weather?lat=1&lon=2",
            ])
        #expect(eventually { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("/weather") })
        try session.quit()
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines[0].contains(#""query":"lat=1&lon=2""#))
        let document = try String(contentsOfFile: har, encoding: .utf8)
        let parsed = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any]
        let entries = (parsed?["log"] as? [String: Any])?["entries"] as? [[String: Any]]
        #expect(entries?.count == 1)
        #expect(!document.contains("Bearer secret"))
        #expect(document.contains("REDACTED"))
    }
}
